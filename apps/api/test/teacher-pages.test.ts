import {
  APP_SHELL_HEADER,
  DEFERRED_ENTRY_SCRIPT,
  TEACHER_PAGE_DATA_ID,
  ZClass,
  ZSubject,
} from '@app/contract';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { signIn, type SignedIn } from './helpers/tokens';

// The teacher pages the server renders on a first visit (ADR 036), with a stand-in for the web build's renderer
// (the real one runs in tests/e2e/teacher-first-page.e2e.ts): its API requests are answered by this server's
// routes with the token of the cookie's session — each teacher sees their own classes only —, reading only;
// whatever cannot be rendered is the empty app, marked for the service worker as before.

const INDEX =
  '<!doctype html><html lang="de"><head><title>Klassenzimmer</title>' +
  '<script type="module" crossorigin src="/assets/main-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/main-1.css">' +
  '<link rel="manifest" href="/manifest.webmanifest"></head>' +
  '<body><noscript>Bitte aktiviere JavaScript.</noscript><div id="root"></div></body></html>';

/**
 * Renders the class list or one class from the answers of `request` (the session's token taken from the
 * cookie as the web build's renderer does); `?write` tries a POST, `?fail` throws, `?slow` takes 5 s.
 */
const RENDERER = `export const renderTeacherPage = async ({ url, cookie, request }) => {
  const match = /sb-test-auth-token=([^;]+)/.exec(cookie);
  if (!match) return null;
  const { access_token } = JSON.parse(decodeURIComponent(match[1]));
  const headers = { authorization: 'Bearer ' + access_token };
  if (url.endsWith('?fail')) throw new Error('render failed');
  if (url.endsWith('?slow')) await new Promise((resolve) => setTimeout(resolve, 5000));
  if (url.endsWith('?write')) await request('/api/classes', { method: 'POST', headers });
  const classId = url.split('?')[0].split('/')[2];
  const res = await request(classId ? '/api/classes/' + classId : '/api/classes', { headers });
  if (!res.ok) return null;
  const body = await res.json();
  const names = (Array.isArray(body) ? body : [body]).map((c) => c.name);
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return { html: '<main>' + names.map((n) => '<h2>' + esc(n) + '</h2>').join('') + '</main>', data: { names } };
};`;

const MANIFEST = JSON.stringify({
  'index.html': { file: 'assets/main-1.js', name: 'main', isEntry: true, css: ['assets/main-1.css'] },
  '_TaskContent-1.js': {
    file: 'assets/TaskContent-1.js',
    name: 'TaskContent',
    css: ['assets/TaskContent-1.css'],
  },
  '_MathFormula-1.js': {
    file: 'assets/MathFormula-1.js',
    name: 'MathFormula',
    css: ['assets/MathFormula-1.css'],
  },
});
const SSR_MANIFEST = JSON.stringify({
  'src/app.server.tsx': { file: 'app-1.js', name: 'app', isEntry: true },
});

const cookieOf = (token: string) =>
  `theme=dark; sb-test-auth-token=${encodeURIComponent(JSON.stringify({ access_token: token, expires_at: 0 }))}`;

describe.each(drivers)('Server-rendered teacher pages on %s', (driver) => {
  let t: TestApp;
  let dist: string;
  let teacherA: SignedIn;
  let teacherB: SignedIn;
  let classA: string;
  /** A class name that tries to end the data's script element and to inject markup. */
  const nameA = '7b Wąsowski </script><b>x</b>';

  async function newClass(teacher: SignedIn, name: string) {
    const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Mathe' })).json());
    const res = await teacher.call('POST', '/api/classes', { name, grade: '7', subject_id: subject.id });
    return ZClass.parse(res.json()).id;
  }

  const page = (url: string, teacher: SignedIn | null, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(teacher ? { cookie: cookieOf(teacher.token) } : {}), ...headers },
    });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    for (const dir of ['assets', '.vite', '.ssr/.vite']) mkdirSync(path.join(dist, dir), { recursive: true });
    writeFileSync(path.join(dist, 'assets', 'main-1.css'), '.main{color:teal}');
    writeFileSync(path.join(dist, 'assets', 'TaskContent-1.css'), '.task{margin:0}');
    writeFileSync(path.join(dist, 'assets', 'MathFormula-1.css'), '.katex{font:inherit}');
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), MANIFEST);
    writeFileSync(path.join(dist, '.ssr', 'app-1.js'), RENDERER);
    writeFileSync(path.join(dist, '.ssr', '.vite', 'manifest.json'), SSR_MANIFEST);
    t = await createTestApp({ driver, env: { NODE_ENV: 'production', WEB_DIST: dist } });
    teacherA = await signIn(t.app);
    teacherB = await signIn(t.app);
    classA = await newClass(teacherA, nameA);
    await newClass(teacherB, 'Ольга und Nguyễn – 9a');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("renders a teacher's class list from their own data, with the data for hydration", async () => {
    const res = await page('/classes', teacherA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers[APP_SHELL_HEADER]).toBeUndefined();
    const html = res.body;
    expect(html).toContain('<h2>7b Wąsowski &lt;/script>&lt;b>x&lt;/b></h2>');
    expect(html).not.toContain('Ольга');
    // The data beside the markup, `<` escaped so that no name ends the element.
    const json = new RegExp(
      `<script type="application/json" id="${TEACHER_PAGE_DATA_ID}">(.*?)</script>`,
    ).exec(html);
    expect(JSON.parse(json![1]!)).toEqual({ names: [nameA] });
    expect(json![1]).not.toContain('</');
    // Scripts after the first paint; the entry's stylesheet stays a (cached) link, the pages' own are inlined.
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).toContain(DEFERRED_ENTRY_SCRIPT);
    expect(html).toContain('data-src="/assets/main-1.js" data-preload="/assets/react-1.js"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/main-1.css">');
    expect(html).toContain('<style>.task{margin:0}</style>');
    // No click on a button before the app has taken the page over.
    expect(html).toContain('html:not([data-app-ready]) #root :is(button');
    // KaTeX's only for a page with formulas.
    expect(html).not.toContain('.katex{');
    expect(html).not.toContain('<noscript>');
  });

  it("never renders another teacher's class: the empty app, as for anyone without access", async () => {
    const res = await page(`/classes/${classA}`, teacherB);
    expect(res.statusCode).toBe(200);
    expect(res.headers[APP_SHELL_HEADER]).toBe('1');
    expect(res.body).toBe(INDEX);
    const own = await page(`/classes/${classA}`, teacherA);
    expect(own.body).toContain('<h2>7b Wąsowski');
  });

  it('sends the empty app without a session cookie, when rendering fails and when the renderer would write', async () => {
    for (const [url, teacher] of [
      ['/classes', null],
      ['/classes?fail', teacherA],
      ['/classes?write', teacherA],
    ] as const) {
      const res = await page(url, teacher);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers[APP_SHELL_HEADER], url).toBe('1');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
    }
    const classes = await teacherA.call('GET', '/api/classes');
    expect(ZClass.array().parse(classes.json())).toHaveLength(1);
  });

  it('does not keep the teacher waiting for a slow render: the empty app after 2.5 s', async () => {
    const started = Date.now();
    const res = await page('/classes?slow', teacherA);
    expect(Date.now() - started).toBeLessThan(3500);
    expect(res.headers[APP_SHELL_HEADER]).toBe('1');
    expect(res.body).toBe(INDEX);
  });

  it('compresses the page for browsers that accept it, and marks it as varying by cookie', async () => {
    const res = await page('/classes', teacherA, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('cookie');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<h2>7b Wąsowski');
  });

  it('leaves the other pages of the app to the browser', async () => {
    for (const url of ['/subjects', '/account', '/']) {
      const res = await page(url, teacherA);
      expect(res.headers[APP_SHELL_HEADER], url).toBe('1');
      expect(res.body, url).toBe(INDEX);
    }
  });
});
