import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  ZClass,
  ZCreateStudentsResponse,
  ZListSubmissionsResponse,
  ZPdfExportResponse,
  ZSubject,
  ZTask,
} from '@app/contract';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillFeedback } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { addRubric, rubricGroups } from './helpers/classroom';
import { drivers } from './helpers/database';
import { signIn, type SignedIn } from './helpers/tokens';

// Names in every script a German class list holds print as written (ADR 028): the per-student worksheet's
// name field, the feedback sheet, the class overview and the class export, read back with poppler's
// pdftotext. Right-to-left names are shaped and ordered; scripts the font lacks print transliterated.

const run = promisify(execFile);

/** As entered ("first last"), with how the worksheet and the overview print them. */
const NAMES = [
  ['Mehmet Yılmaz', 'Yılmaz, Mehmet'],
  ['Łukasz Wąsowski', 'Wąsowski, Łukasz'],
  ['Đorđe Petrović', 'Petrović, Đorđe'],
  ['Şeyma Öztürk', 'Öztürk, Şeyma'],
  ['Nguyễn Thị Minh', 'Thị Minh, Nguyễn'],
  ['Αλέξης Παπαδόπουλος', 'Παπαδόπουλος, Αλέξης'],
  ['Ольга Иванова', 'Иванова, Ольга'],
  ['Jonas Weiß', 'Weiß, Jonas'],
] as const;
const ARABIC = 'محمد علي';
/** Not in the font: printed in Latin transliteration. */
const CHINESE = ['王小明', 'WangXiaoMing'] as const;

/** pdftotext marks right-to-left runs with embedding controls; the text itself is in logical order. */
const withoutBidiMarks = (text: string) => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

async function pdftotext(pdf: Uint8Array, args: string[] = []): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftotext', ['-enc', 'UTF-8', ...args, join(dir, 'in.pdf'), join(dir, 'out.txt')]);
    return await readFile(join(dir, 'out.txt'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text inside the worksheet's name field (right of "Name:", left of the QR code) on one page. */
const nameField = (pdf: Uint8Array, page: number) =>
  pdftotext(pdf, ['-f', `${page}`, '-l', `${page}`, '-x', '90', '-y', '75', '-W', '355', '-H', '25']).then(
    (text) => withoutBidiMarks(text).trim(),
  );

describe.each(drivers)('PDF text in many scripts on %s', (driver) => {
  let t: TestApp;
  let owner: SignedIn;
  let taskId: string;
  /** Submission ids by the name as entered. */
  const submissionOf = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ driver });
    owner = await signIn(t.app);
    const subject = ZSubject.parse((await owner.call('POST', '/api/subjects', { name: 'Deutsch' })).json());
    const klass = ZClass.parse(
      (await owner.call('POST', '/api/classes', { name: '5a', grade: '5', subject_id: subject.id })).json(),
    );
    const names = [...NAMES.map(([name]) => name), ARABIC, CHINESE[0]];
    ZCreateStudentsResponse.parse(
      (await owner.call('POST', '/api/createStudents', { class_id: klass.id, names })).json(),
    );
    const task = ZTask.parse(
      (
        await owner.call('POST', '/api/tasks', {
          class_id: klass.id,
          title: 'Namen',
          status: 'published',
        })
      ).json(),
    );
    taskId = task.id;
    const groups = rubricGroups();
    await addRubric(t.app, owner.id, taskId, groups);
    // The per-student print makes every student's submission.
    expect((await owner.call('GET', `/api/tasks/${taskId}/worksheet.pdf?perStudent=1`)).statusCode).toBe(200);
    const list = ZListSubmissionsResponse.parse(
      (await owner.call('GET', `/api/submissions/getAll?taskId=${taskId}`)).json(),
    ).data;
    for (const entry of list)
      submissionOf.set(`${entry.name.first_name} ${entry.name.last_name}`.trim(), entry.id);
    expect(submissionOf.size).toBe(names.length);
    const skillId = groups[0]!.skills[0]!.id;
    await t.app.db.insert(skillFeedback).values(
      [...submissionOf.values()].map((submission_id, i) => ({
        skill_id: skillId,
        submission_id,
        score: i % 3,
        reason: '',
        proof: [],
        created_by: owner.id,
      })),
    );
  }, 120_000);
  afterAll(() => t?.close());

  it('prints every name in the worksheet’s name field exactly as written, never with "?"', async () => {
    const res = await owner.call('GET', `/api/tasks/${taskId}/worksheet.pdf?perStudent=1`);
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    const fields: string[] = [];
    for (let page = 1; page <= pages; page++) fields.push(await nameField(pdf, page));
    expect(fields.sort()).toEqual([...NAMES.map(([name]) => name), ARABIC, CHINESE[1]].sort());
    const text = await pdftotext(pdf);
    expect(text).not.toContain('?');
    expect(text).not.toContain('\ufffd');
    // The font is embedded as a subset: the whole font is 680 KB a weight.
    expect(pdf.length).toBeLessThan(80_000);
  });

  it('prints the names on the feedback sheets and in the class export', async () => {
    for (const [name] of NAMES) {
      const res = await owner.call('GET', `/api/submissions/${submissionOf.get(name)}/feedback-sheet.pdf`);
      expect(res.statusCode).toBe(200);
      const text = await pdftotext(res.rawPayload);
      expect(text, name).toContain(`Name: ${name}`);
      expect(text).not.toContain('?');
      expect(res.rawPayload.length).toBeLessThan(60_000);
    }
    const arabic = await owner.call('GET', `/api/submissions/${submissionOf.get(ARABIC)}/feedback-sheet.pdf`);
    expect(withoutBidiMarks(await pdftotext(arabic.rawPayload))).toContain(`Name: ${ARABIC}`);

    const started = await owner.call('POST', `/api/tasks/${taskId}/pdf-exports`, { format: 'pdf' });
    expect(started.statusCode).toBe(202);
    const { id } = ZPdfExportResponse.parse(started.json()).export;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { export: current } = ZPdfExportResponse.parse(
        (await owner.call('GET', `/api/pdf-exports/${id}`)).json(),
      );
      if (current.status === 'done') break;
      expect(current.status).not.toBe('failed');
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const file = await owner.call('GET', `/api/pdf-exports/${id}/file`);
    expect(file.statusCode).toBe(200);
    const merged = withoutBidiMarks(await pdftotext(file.rawPayload));
    for (const [name] of NAMES) expect(merged).toContain(`Name: ${name}`);
    expect(merged).toContain(`Name: ${ARABIC}`);
    expect(merged).not.toContain('?');
  });

  it('prints "last, first" on the class overview as written', async () => {
    const res = await owner.call('GET', `/api/tasks/${taskId}/class-overview.pdf`);
    expect(res.statusCode).toBe(200);
    const lines = (await pdftotext(res.rawPayload)).split('\n');
    for (const [, label] of NAMES) expect(lines, label).toContain(label);
    expect(lines).toContain(CHINESE[1]);
    expect(lines.join('\n')).not.toContain('?');
  });
});
