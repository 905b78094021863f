import { TIKZ_MAX_LENGTH, ZClass, ZRenderTikzResponse, ZSubject, ZTask } from '@app/contract';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { accessToken, bearer, errorOf, signIn, type SignedIn } from './helpers/tokens';

const PICTURE =
  '\\begin{tikzpicture}\\draw (0,0) circle (1);\\node at (0,0) {$x^2$ Hallo};\\end{tikzpicture}';
// A macro that calls itself for ever: TeX never stops on its own.
const ENDLESS = '\\def\\a{\\a}\\a';
const TIMEOUT_MS = 4000;

describe.each(drivers)('POST /api/render-tikz (%s)', (driver) => {
  let t: TestApp;
  let teacher: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { TIKZ_TIMEOUT_MS: String(TIMEOUT_MS) } });
    teacher = await signIn(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const render = (payload: object, headers = bearer(teacher.token)) =>
    t.app.inject({ method: 'POST', url: '/api/render-tikz', headers, payload });

  it('starts no worker before the first render', () => {
    expect(t.app.tikz.stats()).toMatchObject({ workerRunning: false, workerStarts: 0, renders: 0 });
  });

  it('renders a tikzpicture to an SVG with paths and fonts served by the app', async () => {
    const res = await render({ tikzCode: PICTURE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-tikz-cache']).toBe('miss');
    const { svg } = ZRenderTikzResponse.parse(res.json());
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toMatch(/<path [^>]*d="M/);
    expect(svg).toContain('Hallo');
    // The fonts come from this server, nothing from outside.
    expect(svg).toContain('src:url(/api/render-tikz/fonts/cmr10.ttf)');
    expect(svg.replaceAll('"http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|\/\/[a-z]/i);
    const font = await t.app.inject({ method: 'GET', url: '/api/render-tikz/fonts/cmr10.ttf' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/ttf');
    expect(font.headers['cache-control']).toContain('immutable');
    expect(font.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));
    expect(t.app.tikz.stats().workerRunning).toBe(true);
  });

  it('answers a repeated source from the cache without running TeX', async () => {
    const before = t.app.tikz.stats();
    const res = await render({ tikzCode: PICTURE });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-tikz-cache']).toBe('hit');
    expect(t.app.tikz.stats().renders).toBe(before.renders);
    expect(t.app.tikz.stats().cacheHits).toBe(before.cacheHits + 1);
    // The file cache in DATA_DIR keeps it for the next start.
    const files = await readdir(path.join(t.app.config.DATA_DIR, 'tikz-cache'));
    expect(files.filter((f) => f.endsWith('.svg'))).toHaveLength(1);
  });

  it('stops a render that never ends with a German error, and the next render still works', async () => {
    const started = Date.now();
    const res = await render({ tikzCode: ENDLESS });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res.json())).toMatchObject({ code: 'TIKZ_TIMEOUT' });
    expect(errorOf(res.json()).message).toContain('zu lange');
    expect(t.app.tikz.stats().timeouts).toBe(1);
    const next = await render({ tikzCode: '\\begin{tikzpicture}\\draw (0,0) -- (2,1);\\end{tikzpicture}' });
    expect(next.statusCode, next.body).toBe(200);
    expect(ZRenderTikzResponse.parse(next.json()).svg).toContain('<path');
  });

  it('answers a TeX error with the German message and TeX’s first error line', async () => {
    const res = await render({ tikzCode: '\\begin{tikzpicture}\\foo (0,0);\\end{tikzpicture}' });
    expect(res.statusCode).toBe(422);
    const error = errorOf(res.json());
    expect(error.code).toBe('TIKZ_TEX_ERROR');
    expect(error.message).toBe('Die TikZ-Grafik enthält einen Fehler und konnte nicht gesetzt werden.');
    expect(error.details).toEqual({ texError: 'Undefined control sequence.' });
  });

  it('refuses a missing, empty or too long tikzCode with its German message', async () => {
    for (const payload of [{}, { tikzCode: '   ' }, { tikzCode: 42 }]) {
      const res = await render(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.json())).toMatchObject({
        code: 'TIKZ_CODE_REQUIRED',
        message: 'Bitte gib den TikZ-Code der Grafik ein.',
      });
    }
    const long = await render({ tikzCode: 'x'.repeat(TIKZ_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(413);
    expect(errorOf(long.json()).code).toBe('TIKZ_TOO_LONG');
  });

  it('is for teachers only', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/render-tikz',
      payload: { tikzCode: PICTURE },
    });
    expect(anonymous.statusCode).toBe(401);
    const student = await accessToken(t.app, { role: null });
    const res = await render({ tikzCode: PICTURE }, bearer(student.token));
    expect(res.statusCode).toBe(403);
  });

  it('serves only the shipped font files', async () => {
    for (const url of ['nothere.ttf', '..%2Fpackage.json', 'cmr10.otf', 'CMR10.ttf']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/render-tikz/fonts/${url}` });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('stores the server’s own picture in a saved task and shows it on the public submit page', async () => {
    const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Mathe' })).json());
    const klass = ZClass.parse(
      (await teacher.call('POST', '/api/classes', { name: '7a', grade: '7', subject_id: subject.id })).json(),
    );
    const hostile = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const data = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Zeichne:' }] },
        { type: 'tikz', attrs: { source: PICTURE, svg: hostile } },
        { type: 'tikz', attrs: { source: '\\begin{tikzpicture}\\foo\\end{tikzpicture}', svg: hostile } },
      ],
    };
    const created = await teacher.call('POST', '/api/tasks', {
      class_id: klass.id,
      title: 'Kreis',
      status: 'published',
      data,
    });
    expect(created.statusCode, created.body).toBe(201);
    const task = ZTask.parse(created.json());
    const page = await t.app.inject({ method: 'GET', url: `/api/submit/${task.id}` });
    expect(page.statusCode).toBe(200);
    const blocks = JSON.stringify(page.json());
    expect(blocks).not.toContain('<script');
    const nodes = page.json<{ task: { data: { content: Array<{ attrs?: Record<string, unknown> }> } } }>()
      .task.data.content;
    expect(nodes[1]!.attrs!.svg).toMatch(/^<svg[^>]*>.*<path /);
    expect(nodes[2]!.attrs).toEqual({ source: '\\begin{tikzpicture}\\foo\\end{tikzpicture}', svg: null });
  });
});
