import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  errorMessages,
  ZClass,
  ZGradingResponse,
  ZPdfTemplateContent,
  ZPdfTemplateSummary,
  ZTask,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { skillFeedback, skillGroupFeedback, submissions, tasks } from '../src/db/schema';
import { germanDate } from '../src/domain/pdfs/layout';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';

// The printable PDFs (PRODUCT.md §4 "PDF-Vorlagen"): the template list, the per-student worksheet with its
// QR codes (decoded from rendered pages, as a scanner would), the feedback sheet and the class overview.
// Text and pages are read with poppler's pdftotext / pdftoppm.

const run = promisify(execFile);
const PUBLIC_URL = 'https://schule.example';

const CONTENT = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Größen messen' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Übe „Maße“ – schätze zuerst: Wie groß ist der Schulhof? Preis 5 € ' },
        { type: 'inlineMath', attrs: { latex: 'a^2 + b^2' } },
        // Outside WinAnsi: must print as a replacement, not break the render.
        { type: 'text', text: ' ≈ 漢 ' },
      ],
    },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Länge' }] }] },
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Fläche' }] }] },
      ],
    },
    // Long enough to need a second page per student.
    ...Array.from({ length: 40 }, (_, i) => ({
      type: 'paragraph',
      content: [{ type: 'text', text: `Absatz ${i + 1}: ${'Wörter über Wörter '.repeat(12)}` }],
    })),
  ],
};

/** A task's content with formulas, an invalid formula and a TikZ picture (rendered by the server on save). */
const FIGURES = {
  type: 'doc',
  content: [
    { type: 'blockMath', attrs: { latex: '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}' } },
    {
      type: 'tikz',
      attrs: {
        source:
          '\\begin{tikzpicture}\\draw[thick,dashed] (0,0) circle (1);\\fill[blue!30] (1,1) rectangle (2,2);\\node at (0,0) {$x^2$ Hallo};\\end{tikzpicture}',
        svg: null,
      },
    },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Kürze ' },
        { type: 'inlineMath', attrs: { latex: '\\frac{12}{18}' } },
        { type: 'text', text: ' und prüfe ' },
        { type: 'inlineMath', attrs: { latex: '\\badcommand{x}' } },
        { type: 'text', text: '.' },
      ],
    },
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [
            {
              type: 'tableHeader',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Seite' }] }],
            },
            {
              type: 'tableHeader',
              content: [
                { type: 'paragraph', content: [{ type: 'inlineMath', attrs: { latex: '\\sqrt{2}' } }] },
              ],
            },
          ],
        },
      ],
    },
  ],
};

/** The indirect objects' stream dictionaries by /Subtype (Form, Image …). */
function streamSubtypes(doc: PDFDocument): string[] {
  return doc.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) =>
      object instanceof PDFStream ? [String(object.dict.get(PDFName.of('Subtype')) ?? '')] : [],
    );
}

/** The share of dark pixels of page 1 (rendered at 72 dpi) in a box given in points from the top left. */
async function darkShare(pdf: Buffer, box: { left: number; top: number; width: number; height: number }) {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', [
      '-r',
      '72',
      '-gray',
      '-f',
      '1',
      '-l',
      '1',
      '-png',
      join(dir, 'in.pdf'),
      join(dir, 'p'),
    ]);
    const [file] = (await readdir(dir)).filter((f) => f.endsWith('.png'));
    const { data } = await sharp(join(dir, file!)).extract(box).raw().toBuffer({ resolveWithObject: true });
    return data.filter((v) => v < 128).length / data.length;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function pdftotext(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'in.pdf'), join(dir, 'out.txt')]);
    return (await import('node:fs/promises')).readFile(join(dir, 'out.txt'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of each page. */
async function pageTexts(pdf: Buffer): Promise<string[]> {
  return (await pdftotext(pdf)).split('\f').slice(0, -1);
}

/** The QR code of every page, decoded from the page rendered at 100 dpi (the top right quarter). */
async function qrCodes(pdf: Buffer): Promise<Array<string | null>> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', '100', '-png', join(dir, 'in.pdf'), join(dir, 'p')]);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    const codes: Array<string | null> = [];
    for (const file of files) {
      const image = sharp(join(dir, file));
      const { width, height } = await image.metadata();
      const { data, info } = await image
        .extract({
          left: Math.floor(width / 2),
          top: 0,
          width: Math.ceil(width / 2),
          height: Math.floor(height / 4),
        })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      codes.push(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null);
    }
    return codes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.each(drivers)('PDFs on %s', (driver) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let room: Classroom;

  beforeAll(async () => {
    t = await createTestApp({ driver, env: { PUBLIC_URL } });
    owner = await signIn(t.app);
    other = await signIn(t.app);
    room = await classroom(t.app, owner, { students: 5, title: 'Maße & Größen' });
    await t.app.db.update(tasks).set({ data: CONTENT }).where(eq(tasks.id, room.task.id));
  });
  afterAll(() => t?.close());

  it('lists the three templates and describes one; an unknown one is 404 with the German message', async () => {
    const list = await owner.call('GET', '/api/pdf-templates');
    expect(list.statusCode).toBe(200);
    const { templates } = z.object({ templates: z.array(ZPdfTemplateSummary) }).parse(list.json());
    expect(templates.map((x) => x.name)).toEqual(['arbeitsblatt', 'feedbackbogen', 'klassenuebersicht']);

    const one = await owner.call('GET', '/api/pdf-templates?templateName=arbeitsblatt');
    expect(one.statusCode).toBe(200);
    const { templateContent } = z.object({ templateContent: ZPdfTemplateContent }).parse(one.json());
    expect(templateContent.endpoint).toBe('/api/tasks/:taskId/worksheet.pdf');
    expect(templateContent.sections.map((s) => s.key)).toContain('qr_code');

    const unknown = await owner.call('GET', '/api/pdf-templates?templateName=zeugnis');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.json())).toMatchObject({
      code: 'PDF_TEMPLATE_NOT_FOUND',
      message: errorMessages.PDF_TEMPLATE_NOT_FOUND,
    });
  });

  it('answers another teacher’s task and submission with 404', async () => {
    for (const url of [
      `/api/tasks/${room.task.id}/worksheet.pdf`,
      `/api/tasks/${room.task.id}/worksheet.pdf?perStudent=1`,
      `/api/tasks/${room.task.id}/class-overview.pdf`,
    ]) {
      const res = await other.call('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res.json()).code).toBe('TASK_NOT_FOUND');
    }
    const sheet = await other.call('GET', `/api/submissions/${room.submissionIds[0]}/feedback-sheet.pdf`);
    expect(sheet.statusCode).toBe(404);
    expect(errorOf(sheet.json()).code).toBe('SUBMISSION_NOT_FOUND');
    // Nothing was printed for the intruder.
    const tokens = await t.app.db.select({ token: submissions.print_token }).from(submissions);
    expect(tokens.every((row) => row.token === null)).toBe(true);
  });

  it('prints one page set per student with their name, a page marker and their own QR code on every page', async () => {
    const res = await owner.call('GET', `/api/tasks/${room.task.id}/worksheet.pdf?perStudent=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment;.*Arbeitsblatt/);
    const pdf = res.rawPayload;
    const pages = await pageTexts(pdf);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(pages.length);
    // 5 students, each a set of the same length (at least 2 pages: the content is long).
    expect(pages.length % 5).toBe(0);
    const perSet = pages.length / 5;
    expect(perSet).toBeGreaterThanOrEqual(2);

    const rows = await t.app.db
      .select({ id: submissions.id, token: submissions.print_token })
      .from(submissions)
      .where(eq(submissions.task_id, room.task.id));
    const submissionOfToken = new Map(rows.map((r) => [r.token, r.id]));
    const codes = await qrCodes(pdf);
    expect(codes).toHaveLength(pages.length);

    // Sorted by last name, as the class list is.
    const sorted = room.studentNames
      .map((name, i) => ({ name, submissionId: room.submissionIds[i]!, last: name.split(' ')[1]! }))
      .sort((a, b) => a.last.localeCompare(b.last, 'de'));
    sorted.forEach((student, s) => {
      for (let p = 0; p < perSet; p++) {
        const index = s * perSet + p;
        const text = pages[index]!;
        expect(text).toContain(student.name);
        expect(text).toContain(`Seite ${p + 1}/${perSet}`);
        const code = codes[index];
        expect(code, `page ${index + 1}`).toMatch(
          new RegExp(`^${PUBLIC_URL}/submit/${room.task.id}\\?s=[A-Za-z0-9_-]{32}$`),
        );
        const token = new URL(code!).searchParams.get('s')!;
        expect(submissionOfToken.get(token)).toBe(student.submissionId);
        for (const part of student.name.split(' '))
          expect(code!.toLowerCase()).not.toContain(part.toLowerCase());
      }
    });
    const all = pages.join('\n');
    expect(all).toContain('Maße & Größen');
    expect(all).toContain('Größen messen');
    expect(all).toContain('Übe „Maße“ – schätze zuerst');
    expect(all).toContain('5 €');
    // The formula is drawn, not printed as its source.
    expect(all).not.toContain('a^2');
    expect(all).toContain('• Länge');
    expect(all).toContain('Gärtner');

    // A second print keeps the tokens (a reprinted sheet matches the same submission).
    const again = await owner.call('GET', `/api/tasks/${room.task.id}/worksheet.pdf?perStudent=1`);
    expect(await qrCodes(again.rawPayload)).toEqual(codes);
  });

  it('prints the plain worksheet with the task’s submit link and an empty name field', async () => {
    const res = await owner.call('GET', `/api/tasks/${room.task.id}/worksheet.pdf`);
    expect(res.statusCode).toBe(200);
    const pages = await pageTexts(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeLessThan(5);
    for (const name of room.studentNames) expect(pages.join('\n')).not.toContain(name);
    const codes = await qrCodes(res.rawPayload);
    expect(new Set(codes)).toEqual(new Set([`${PUBLIC_URL}/submit/${room.task.id}`]));
  });

  it('prints the feedback sheet with the skills, KI-Vorschlag for unconfirmed AI values and the teacher’s own', async () => {
    const [ansatz, ergebnis, lesbarkeit] = room.skillIds as [string, string, string];
    const submissionId = room.submissionIds[1]!;
    await t.app.db.insert(skillFeedback).values([
      // AI's suggestion, unconfirmed.
      {
        skill_id: ansatz,
        submission_id: submissionId,
        score: 2,
        ai_score: 2,
        reason: '',
        proof: [],
        recommendation: 'Rechnung prüfen',
        ai_recommendation: 'Rechnung prüfen',
        created_by: owner.id,
      },
      {
        skill_id: lesbarkeit,
        submission_id: submissionId,
        score: 3,
        ai_score: 3,
        reason: '',
        proof: [],
        recommendation: '',
        created_by: owner.id,
      },
    ]);
    await t.app.db.insert(skillGroupFeedback).values({
      skillGroup_id: room.groups[0]!.id,
      submission_id: submissionId,
      feedback: 'Guter Überblick.',
      ai_feedback: 'Guter Überblick.',
      created_by: owner.id,
    });
    // The teacher changes Lesbarkeit from the AI's 3 to 1 and scores Ergebnis by hand.
    expect(
      (await owner.call('PUT', `/api/feedback/${submissionId}/skills/${lesbarkeit}`, { score: 1 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await owner.call('PUT', `/api/feedback/${submissionId}/skills/${ergebnis}`, { score: 2 })).statusCode,
    ).toBe(200);

    const res = await owner.call('GET', `/api/submissions/${submissionId}/feedback-sheet.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;.*Feedbackbogen/);
    const text = await pdftotext(res.rawPayload);
    for (const name of [
      'Fachliche Richtigkeit',
      'Darstellung',
      'Ansatz',
      'Ergebnis',
      'Lesbarkeit',
      room.studentNames[1]!,
    ])
      expect(text).toContain(name);
    // Ansatz: the AI's 2, unconfirmed; Lesbarkeit: the teacher's 1; Ergebnis: the teacher's 2.
    expect(text).toMatch(/Ansatz\s+Punkte: 2\/3\s+KI-Vorschlag/);
    expect(text).toMatch(/Lesbarkeit\s+Punkte: 1\/4\s/);
    expect(text).not.toMatch(/Lesbarkeit\s+Punkte: 1\/4\s+KI-Vorschlag/);
    expect(text).toMatch(/Ergebnis\s+Punkte: 2\/2\s/);
    expect(text).not.toMatch(/Ergebnis\s+Punkte: 2\/2\s+KI-Vorschlag/);
    expect(text).toContain('Rückmeldung (KI-Vorschlag):');
    expect(text).toContain('Guter Überblick.');
    expect(text).toContain('Ansatz: Rechnung prüfen (KI-Vorschlag)');
    expect(text).toContain('Gesamtpunktzahl: 5/9');

    const overview = await owner.call('GET', `/api/tasks/${room.task.id}/class-overview.pdf`);
    expect(overview.statusCode).toBe(200);
    const table = await pdftotext(overview.rawPayload);
    for (const name of room.studentNames) expect(table).toContain(name.split(' ')[1]!);
    expect(table).toContain('K1: Ansatz (Fachliche Richtigkeit, max. 3 Punkte)');
    expect(table).toContain('5/9');
  });
  it('prints the handed-back version the feedback link shows; the current grading only as a marked draft', async () => {
    const [ansatz, ergebnis, lesbarkeit] = room.skillIds as [string, string, string];
    const submissionId = room.submissionIds[2]!;
    const sheet = async (query = '') => {
      const res = await owner.call('GET', `/api/submissions/${submissionId}/feedback-sheet.pdf${query}`);
      expect(res.statusCode, query).toBe(200);
      return {
        // Spaces for line breaks: the version note may wrap, whatever the print font's widths.
        text: (await pdftotext(res.rawPayload)).replace(/\s+/g, ' '),
        disposition: String(res.headers['content-disposition']),
      };
    };
    const put = async (url: string, body: object) =>
      expect((await owner.call('PUT', `/api/feedback/${submissionId}/${url}`, body)).statusCode).toBe(200);
    // The AI's unconfirmed 2 for Ansatz; the teacher's 1 and 2: 5/9.
    await t.app.db.insert(skillFeedback).values({
      skill_id: ansatz,
      submission_id: submissionId,
      score: 2,
      ai_score: 2,
      reason: '',
      proof: [],
      recommendation: '',
      created_by: owner.id,
    });
    await put(`skills/${ergebnis}`, { score: 1 });
    await put(`skills/${lesbarkeit}`, { score: 2 });
    await put(`groups/${room.groups[0]!.id}`, { feedback: 'Erste Fassung.' });

    // Never handed back: a draft, on the sheet and in the file name.
    const never = await sheet();
    expect(never.text).toContain('Entwurf – noch nicht ausgeteilt');
    expect(never.text).toContain('Gesamtpunktzahl: 5/9');
    expect(never.text).not.toContain('Stand der Rückgabe');
    expect(never.disposition).toContain('(Entwurf).pdf');
    expect((await sheet('?version=current')).text).toContain('Entwurf – noch nicht ausgeteilt');

    const released = await owner.call('POST', `/api/feedback/${submissionId}/release`, {
      allowUnscored: true,
    });
    expect(released.statusCode).toBe(200);
    const token = new URL(
      released.json<{ released: Array<{ feedback_url: string }> }>().released[0]!.feedback_url,
    ).pathname
      .split('/')
      .pop()!;
    const view = ZGradingResponse.parse((await owner.call('GET', `/api/feedback/${submissionId}`)).json());
    const handedBackOn = germanDate(new Date(view.submission.released_at!));
    // After the hand-back: Ergebnis 1 → 2 (6/9) and a new group text. The link still shows 5/9.
    await put(`skills/${ergebnis}`, { score: 2 });
    await put(`groups/${room.groups[0]!.id}`, { feedback: 'Zweite Fassung.' });
    const link = await t.app.inject({ method: 'GET', url: `/api/feedback-link/${token}` });
    expect(link.json<{ score: number; max_score: number }>()).toMatchObject({ score: 5, max_score: 9 });

    for (const query of ['', '?version=released']) {
      const { text, disposition } = await sheet(query);
      expect(text).toContain(`Stand der Rückgabe vom ${handedBackOn}`);
      expect(text).toContain('Gesamtpunktzahl: 5/9');
      expect(text).toMatch(/Ergebnis\s+Punkte: 1\/2\s/);
      expect(text).toContain('Fachliche Richtigkeit (3/5 Punkte)');
      expect(text).toContain('Erste Fassung.');
      expect(text).not.toContain('Zweite Fassung.');
      expect(text).not.toContain('Entwurf');
      expect(disposition).not.toContain('Entwurf');
      // Still the AI's unconfirmed value, then as now.
      expect(text).toMatch(/Ansatz\s+Punkte: 2\/3\s+KI-Vorschlag/);
    }
    const current = await sheet('?version=current');
    expect(current.text).toContain(
      `Entwurf – Änderungen seit der Rückgabe vom ${handedBackOn}, noch nicht ausgeteilt`,
    );
    expect(current.text).toContain('Gesamtpunktzahl: 6/9');
    expect(current.text).toMatch(/Ergebnis\s+Punkte: 2\/2\s/);
    expect(current.text).toContain('Zweite Fassung.');
    expect(current.text).not.toContain('Erste Fassung.');
    expect(current.disposition).toContain('(Entwurf).pdf');
    const bad = await owner.call('GET', `/api/submissions/${submissionId}/feedback-sheet.pdf?version=neu`);
    expect([bad.statusCode, errorOf(bad.json()).code]).toEqual([400, 'VALIDATION_FAILED']);

    // Handed back again: both print the new version, no draft.
    expect(
      (await owner.call('POST', `/api/feedback/${submissionId}/release`, { allowUnscored: true })).statusCode,
    ).toBe(200);
    for (const query of ['', '?version=current']) {
      const { text } = await sheet(query);
      expect(text).toContain('Gesamtpunktzahl: 6/9');
      expect(text).toContain('Stand der Rückgabe vom');
      expect(text).not.toContain('Entwurf');
    }
  });

  it('continues a long class list on further pages with the header row repeated', async () => {
    const first = ZClass.parse((await owner.call('GET', `/api/classes/${room.task.class_id}`)).json());
    const klass = ZClass.parse(
      (
        await owner.call('POST', '/api/classes', { name: '8c', grade: '8', subject_id: first.subject_id })
      ).json(),
    );
    const names = Array.from({ length: 40 }, (_, i) => `Kind${String(i).padStart(2, '0')} Müller`);
    const created = await owner.call('POST', '/api/createStudents', { class_id: klass.id, names });
    expect(created.statusCode).toBe(201);
    const task = ZTask.parse(
      (
        await owner.call('POST', '/api/tasks', {
          class_id: klass.id,
          title: 'Lange Liste',
          status: 'published',
        })
      ).json(),
    );
    const res = await owner.call('GET', `/api/tasks/${task.id}/class-overview.pdf`);
    expect(res.statusCode).toBe(200);
    const pages = await pageTexts(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page).toContain('Summe');
    const all = pages.join('\n');
    for (const name of names) expect(all).toContain(`Müller, ${name.split(' ')[0]!}`);
  });
  it('draws formulas and TikZ pictures as vectors, once per document; an invalid formula prints its source', async () => {
    const task = ZTask.parse(
      (
        await owner.call('POST', '/api/tasks', {
          class_id: room.task.class_id,
          title: 'Formeln',
          status: 'published',
          data: FIGURES,
        })
      ).json(),
    );
    const res = await owner.call('GET', `/api/tasks/${task.id}/worksheet.pdf?perStudent=1`);
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    const text = await pdftotext(pdf);
    for (const source of ['\\frac', '\\sum', '\\sqrt', '12}{18', '$']) expect(text).not.toContain(source);
    expect(text).toContain('Kürze');
    expect(text).toContain('Seite');
    expect(text).toContain('\\badcommand{x}');
    // The picture's label is text in its embedded TeX font.
    expect(text).toContain('Hallo');

    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(5);
    const subtypes = streamSubtypes(doc);
    expect(subtypes).not.toContain('/Image');
    // Three formulas and one picture, made once and drawn on each of the five students' pages.
    expect(subtypes.filter((s) => s === '/Form')).toHaveLength(4);

    // The display formula is the first thing below the header (84 + 80 + 24 points from the top), centred.
    const page = doc.getPage(0);
    const formula = await darkShare(pdf, {
      left: 200,
      top: 160,
      width: Math.round(page.getWidth()) - 400,
      height: 40,
    });
    expect(formula).toBeGreaterThan(0.02);
    const margin = await darkShare(pdf, { left: 0, top: 160, width: 45, height: 200 });
    expect(margin).toBe(0);
  });
  it('embeds the content’s PNG and JPEG images once, however many students print', async () => {
    const image = (format: 'png' | 'jpeg', color: { r: number; g: number; b: number }) =>
      sharp({ create: { width: 120, height: 60, channels: 3, background: color } })
        [format]()
        .toBuffer()
        .then((bytes) => `data:image/${format};base64,${bytes.toString('base64')}`);
    const png = await image('png', { r: 200, g: 30, b: 30 });
    const data = {
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: png } },
        { type: 'image', attrs: { src: await image('jpeg', { r: 30, g: 30, b: 200 }) } },
        { type: 'image', attrs: { src: png } },
        // Not an image: a placeholder, no crash.
        { type: 'image', attrs: { src: 'data:image/png;base64,AAAA' } },
      ],
    };
    const task = ZTask.parse(
      (
        await owner.call('POST', '/api/tasks', { class_id: room.task.class_id, title: 'Bilder', data })
      ).json(),
    );
    const res = await owner.call('GET', `/api/tasks/${task.id}/worksheet.pdf?perStudent=1`);
    expect(res.statusCode).toBe(200);
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(5);
    expect(streamSubtypes(doc).filter((s) => s === '/Image')).toHaveLength(2);
    expect(await pdftotext(res.rawPayload)).toContain('[Abbildung]');
  });
});
