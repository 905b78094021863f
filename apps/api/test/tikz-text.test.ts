import { tikzPictureText, ZClass, ZRenderTikzResponse, ZSubject, ZTask } from '@app/contract';
import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { signIn, type SignedIn } from './helpers/tokens';

// The text of TikZ pictures (ADR 016): TeX's fonts put ß at "¼" and build ä from an accent glyph and an "a",
// so without the text layer the page and the PDF read "gefÄ arbt". Labels with umlauts and ß must read as
// written in the SVG's text layer, the picture's accessible name, the server-rendered page and pdftotext.

const WORDS = ['gefärbt', 'Straße', 'Öl', 'Übung'];
const SOURCE = [
  '\\begin{tikzpicture}',
  '  \\draw (0,0) rectangle (4,1);',
  '  \\node[fill=yellow!30] at (2,0.5) {gefärbt};',
  '  \\node at (2,-0.5) {Straße Öl Übung};',
  '\\end{tikzpicture}',
].join('\n');

/** A picture as stored before the text layer: the sanitiser's output of `\node {gefärbt};`. */
const STORED =
  '<svg xmlns="http://www.w3.org/2000/svg" width="47.51" height="14.3" viewBox="-72 -72 35.63 10.73">' +
  '<defs><style>@font-face{font-family:cmr10;src:url(/api/render-tikz/fonts/cmr10.ttf) format("truetype")}</style></defs>' +
  '<g stroke="#000" stroke-miterlimit="10" stroke-width=".4"><g stroke="none" font-family="cmr10" font-size="10">' +
  '<text x="-68.667" y="-64.493" transform="translate(0 0)">gefÄ</text>' +
  '<text x="-56.166" y="-64.493" transform="translate(0 0)">arbt</text></g></g></svg>';

const INDEX =
  '<!doctype html><html lang="de"><head><title>App</title></head><body><div id="root"></div></body></html>';

const run = promisify(execFile);

async function pdftotext(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-'));
  try {
    await writeFile(path.join(dir, 'in.pdf'), pdf);
    await run('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'in.pdf'), path.join(dir, 'out.txt')]);
    return await readFile(path.join(dir, 'out.txt'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The words of a text, split at white space (so "gefärbt" must be one word, not "gefÄ arbt"). */
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** The invisible Unicode lines of a picture's text layer. */
const textLines = (svg: string) =>
  [...svg.matchAll(/<text data-tikz-text=""[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe.each(drivers)('The text of TikZ pictures (%s)', (driver) => {
  let t: TestApp;
  let teacher: SignedIn;
  let classId: string;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'submit.html'), INDEX);
    t = await createTestApp({ driver, env: { NODE_ENV: 'production', WEB_DIST: dist } });
    teacher = await signIn(t.app);
    const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Physik' })).json());
    classId = ZClass.parse(
      (await teacher.call('POST', '/api/classes', { name: '9c', grade: '9', subject_id: subject.id })).json(),
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function publishedTask(data: unknown) {
    const res = await teacher.call('POST', '/api/tasks', {
      class_id: classId,
      title: 'Farben',
      status: 'published',
      data,
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZTask.parse(res.json());
  }

  it('renders labels with umlauts and ß into a text layer and a name that read as written', async () => {
    const res = await teacher.call('POST', '/api/render-tikz', { tikzCode: SOURCE });
    expect(res.statusCode, res.body).toBe(200);
    const { svg } = ZRenderTikzResponse.parse(res.json());
    expect(textLines(svg)).toEqual(['gefärbt', 'Straße Öl Übung']);
    expect(tikzPictureText(svg)).toBe('gefärbt, Straße Öl Übung');
    // TeX's glyphs stay the drawing, hidden from screen readers.
    expect(svg).toMatch(/<text [^>]*aria-hidden="true"[^>]*>Stra¼e<\/text>/);
    // Its colours have dark variants; black is the page's text colour.
    expect(svg).toContain('--tikz-stroke:currentColor');
    expect(svg).toMatch(/fill="#ffffb3"[^>]*--tikz-fill:#[0-9a-f]{6}/);
  });

  it('prints the labels as text that pdftotext reads as written', async () => {
    const task = await publishedTask({
      type: 'doc',
      content: [{ type: 'tikz', attrs: { source: SOURCE, svg: null } }],
    });
    const res = await teacher.call('GET', `/api/tasks/${task.id}/worksheet.pdf`);
    expect(res.statusCode).toBe(200);
    const words = wordsOf(await pdftotext(res.rawPayload));
    for (const word of WORDS) expect(words, word).toContain(word);
    expect(words.join(' ')).not.toMatch(/[Ä¼]/);
  });

  it('gives a picture stored before the text layer its text on read: API, page and PDF', async () => {
    const task = await publishedTask({ type: 'doc', content: [] });
    const data = {
      type: 'doc',
      content: [{ type: 'tikz', attrs: { source: '\\node {gefärbt};', svg: STORED } }],
    };
    await t.app.db.update(tasks).set({ data }).where(eq(tasks.id, task.id));

    const page = await t.app.inject({ method: 'GET', url: `/api/submit/${task.id}` });
    const svg = String(page.json<{ task: { data: typeof data } }>().task.data.content[0]!.attrs.svg);
    expect(textLines(svg)).toEqual(['gefärbt']);
    expect(tikzPictureText(svg)).toBe('gefärbt');
    expect(svg).toContain('data-tikz-layers="1"');
    const own = ZTask.parse((await teacher.call('GET', `/api/tasks/${task.id}`)).json());
    expect(JSON.stringify(own.data)).toContain('data-tikz-label=\\"gefärbt\\"');

    // The page without JavaScript shows the picture, named with its text.
    const html = await t.app.inject({ method: 'GET', url: `/submit/${task.id}` });
    expect(html.body).toContain('<div class="tikz" role="img" aria-label="TikZ-Grafik: gefärbt"><svg ');

    const pdf = await teacher.call('GET', `/api/tasks/${task.id}/worksheet.pdf`);
    expect(wordsOf(await pdftotext(pdf.rawPayload))).toContain('gefärbt');
  });
});
