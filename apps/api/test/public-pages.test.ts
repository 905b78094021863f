import {
  DEFERRED_ENTRY_SCRIPT,
  ZClass,
  ZCreateStudentsResponse,
  ZSubject,
  ZTask,
  type FeedbackLinkResponse,
  type StudentSkillProfile,
} from '@app/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionFiles, submissions } from '../src/db/schema';
import { esc } from '../src/routes/pages/render';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { signIn, type SignedIn } from './helpers/tokens';

// The public pages as HTML from the server (ADR 020, 034): the submit page and the feedback link inside their
// built entries, and the submit form's post for browsers without JavaScript (German HTML, never JSON).

const INDEX =
  '<!doctype html><html lang="de"><head><title>App</title></head><body><div id="root"></div></body></html>';
/** A public page's own entry as Vite builds it: module script, chunks, stylesheet and manifest in the head. */
const entry = (name: string, title: string) =>
  `<!doctype html><html lang="de"><head><link rel="icon" type="image/svg+xml" href="/favicon.svg" />` +
  `<title>${title}</title>` +
  `<script type="module" crossorigin src="/assets/${name}-1.js"></script>` +
  `<link rel="modulepreload" crossorigin href="/assets/react-1.js">` +
  `<link rel="stylesheet" crossorigin href="/assets/${name}-1.css">` +
  '<link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>';
/** The feedback page's renderer of the web build (dist/.ssr/), here a stand-in that shows what it was given. */
const RENDERER = `export const renderFeedbackLinkPage = async (token, data) => 'link' in data
  ? { html: '<main data-token="' + token + '">Hallo ' + data.link.student.first_name + '!</main>', title: data.link.task.title + ' – Rückmeldung' }
  : { html: '<main><p role="alert">' + data.notFound + '</p></main>', title: 'Deine Rückmeldung' };`;
/** Vite's manifests: the app's with the formulas' chunk and KaTeX's stylesheet, the renderer's with its entry. */
const MANIFEST = JSON.stringify({
  '_MathFormula-1.js': {
    file: 'assets/MathFormula-1.js',
    name: 'MathFormula',
    css: ['assets/MathFormula-1.css'],
  },
});
const SSR_MANIFEST = JSON.stringify({
  'src/feedback.server.tsx': { file: 'feedback-link-1.js', name: 'feedback.server', isEntry: true },
});
const TITLE = '<script>alert("x")</script> Brüche & Co';

const photo = (seed: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: seed, g: 90, b: 120 } } })
    .jpeg()
    .toBuffer();

describe.each(drivers)('Server-rendered public pages on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let dist: string;
  let teacher: SignedIn;
  let taskId: string;
  let students: Array<{ user_id: string; name: string }>;

  /** The form post as a browser without JavaScript sends it (multipart, Origin of this server). */
  async function formPost(id: string, fields: Record<string, string>, files: string[], origin = base) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [i, name] of files.entries())
      form.append('files', new Blob([await photo(i * 40)], { type: 'image/jpeg' }), name);
    const res = await fetch(`${base}/submit/${id}`, { method: 'POST', body: form, headers: { origin } });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  }

  async function newTask(extra: Record<string, unknown>, classId: string) {
    const res = await teacher.call('POST', '/api/tasks', {
      class_id: classId,
      title: TITLE,
      description: 'Kürze alle Brüche.\n<b>Nicht fett</b>',
      status: 'published',
      data: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Auf dem Blatt.' }] }],
      },
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZTask.parse(res.json());
  }

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'submit.html'), entry('submit', 'Lösung abgeben'));
    writeFileSync(path.join(dist, 'feedback.html'), entry('feedback', 'Deine Rückmeldung'));
    for (const dir of ['assets', '.vite', '.ssr/.vite']) mkdirSync(path.join(dist, dir), { recursive: true });
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'assets', 'submit-1.css'), '.submit{color:teal}');
    writeFileSync(path.join(dist, 'assets', 'feedback-1.css'), '.feedback{color:teal}');
    writeFileSync(path.join(dist, '.ssr', 'feedback-link-1.js'), RENDERER);
    writeFileSync(path.join(dist, '.ssr', '.vite', 'manifest.json'), SSR_MANIFEST);
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), MANIFEST);
    // DEMO=1: the demo has handed-back submissions with feedback links.
    t = await createTestApp({ driver, env: { NODE_ENV: 'production', WEB_DIST: dist, DEMO: '1' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    teacher = await signIn(t.app);
    const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Mathe' })).json());
    const klass = ZClass.parse(
      (await teacher.call('POST', '/api/classes', { name: '6b', grade: '6', subject_id: subject.id })).json(),
    );
    ({ students } = ZCreateStudentsResponse.parse(
      (
        await teacher.call('POST', '/api/createStudents', {
          class_id: klass.id,
          names: ['Greta Glück', 'Max <i>Müller'],
        })
      ).json(),
    ));
    taskId = (await newTask({}, klass.id)).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the submit page with the task, the class list and the plain form, all text escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/submit/${taskId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Else the browser's post carries `Origin: null`, which the form route refuses.
    expect(res.headers['referrer-policy']).toBe('same-origin');
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toContain(`<h1>${esc(TITLE)}</h1>`);
    expect(res.body).toContain(`<title>${esc(TITLE)} – Abgabe</title>`);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('Bitte aktiviere JavaScript');
    expect(root).toContain('&lt;b&gt;Nicht fett&lt;/b&gt;');
    expect(root).toContain('Auf dem Blatt.');
    expect(root).toContain(`<form method="post" action="/submit/${taskId}" enctype="multipart/form-data">`);
    expect(root).toMatch(
      /<input id="ssr-files" type="file" name="files" multiple required accept="[^"]*image\/jpeg/,
    );
    expect(root).toMatch(/<button type="submit">Abgeben<\/button>/);
    const options = [...root.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    const byName = Object.fromEntries(students.map((s) => [s.name, s.user_id]));
    expect(options).toEqual([
      ['', 'Bitte auswählen …'],
      [byName['Greta Glück'], 'Greta G.'],
      [byName['Max <i>Müller'], 'Max &lt;.'],
    ]);
    expect(root).toContain('name="studentName"');
  });

  it('puts the page data beside the markup, inlines the stylesheet and loads the script after the first paint', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/submit/${taskId}` });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    // Nothing for the first paint to wait for: the stylesheet inside the page, no script or chunk requested
    // before the markup has painted, no web app manifest (the children's pages are no installable app).
    expect(head).toContain('<style>.submit{color:teal}</style>');
    expect(res.body).not.toMatch(/<link rel="(stylesheet|modulepreload|manifest)"|<script type="module"/);
    // Nor does the browser fetch the icon meanwhile.
    expect(head).toContain(
      `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}" />`,
    );
    expect(res.body).toMatch(/<\/main><\/div><script type="application\/json" id="submit-data">/);
    expect(res.body).toContain(
      `<script data-src="/assets/submit-1.js" data-preload="/assets/react-1.js">${DEFERRED_ENTRY_SCRIPT}</script></body>`,
    );
    const json = /<script type="application\/json" id="submit-data">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    // No text of the page can close the script element early.
    expect(json).not.toContain('<');
    const api = await t.app.inject({ method: 'GET', url: `/api/submit/${taskId}` });
    expect(JSON.parse(json)).toEqual(api.json());
    // The task has no formulas: no KaTeX.
    expect(res.body).not.toContain('MathFormula');
  });

  it('takes the plain form from a browser that is signed in as a teacher (session cookie, no app header)', async () => {
    const form = new FormData();
    form.append('studentName', 'Lehrkraft Test');
    form.append('files', new Blob([await photo(7)], { type: 'image/jpeg' }), 'lehrkraft.jpg');
    const res = await fetch(`${base}/submit/${taskId}`, {
      method: 'POST',
      body: form,
      headers: { origin: base, cookie: `sb-local-auth-token=${encodeURIComponent(teacher.token)}` },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Danke, Lehrkraft Test!');
  });

  it('answers an unknown task with the German message inside the page, status 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-id']) {
      const res = await t.app.inject({ method: 'GET', url: `/submit/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain('Diese Aufgabe gibt es nicht.');
      expect(res.body).toContain('<html lang="de">');
    }
  });

  it('records the files of the plain form post and answers a German receipt naming them', async () => {
    const greta = students.find((s) => s.name === 'Greta Glück')!.user_id;
    const res = await formPost(taskId, { studentId: greta, studentName: '' }, ['seite 1.jpg', 'a&b <2>.jpg']);
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/html');
    expect(res.body).toContain('<h1>Abgabe erhalten</h1>');
    expect(res.body).toContain('Danke, Greta G.!');
    expect(res.body).not.toContain('<2>');
    expect(res.body).toMatch(/Eingegangen am \d{2}\.\d{2}\.\d{4}/);
    const [submission] = await t.app.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.task_id, taskId), eq(submissions.student_id, greta)));
    expect(submission!.status).toBe('abgegeben');
    const rows = await t.app.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submission_id, submission!.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(res.body).toContain(`<li>${esc(row.original_name)}</li>`);
    expect(res.body).toContain('<li>seite 1.jpg</li>');

    // Not on the list: the select's empty value and a typed name; the files stay unmatched under it.
    const typed = await formPost(taskId, { studentId: '', studentName: 'Olga Ott' }, ['blatt.jpg']);
    expect(typed.body).toContain('Danke, Olga Ott!');
    const unmatched = await t.app.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.uploader_label, 'Olga Ott'));
    expect(unmatched.map((r) => [r.original_name, r.submission_id])).toEqual([['blatt.jpg', null]]);
  });

  it('answers refused posts with German HTML error pages, never JSON', async () => {
    const noName = await formPost(taskId, { studentId: '', studentName: '' }, ['a.jpg']);
    expect([noName.status, noName.type]).toEqual([400, 'text/html; charset=utf-8']);
    expect(noName.body).toContain('Das hat nicht geklappt');
    expect(noName.body).toContain(`href="/submit/${taskId}"`);
    expect(noName.body).not.toMatch(/"code"|at \w+ \(/);

    const form = new FormData();
    form.append('studentName', 'Olga Ott');
    form.append('files', new Blob(['MZ kein Bild'], { type: 'application/x-msdownload' }), 'virus.exe');
    const badType = await fetch(`${base}/submit/${taskId}`, {
      method: 'POST',
      body: form,
      headers: { origin: base },
    });
    expect(badType.status).toBe(415);
    expect(await badType.text()).toContain('<h1>Das hat nicht geklappt</h1>');

    const klass = (await teacher.call('GET', '/api/classes')).json<Array<{ id: string }>>()[0]!;
    const closed = await newTask({ due_date: '2020-01-01T00:00:00.000Z' }, klass.id);
    const refused = await formPost(closed.id, { studentName: 'Olga Ott' }, ['a.jpg']);
    expect(refused.status).toBe(409);
    expect(refused.body).toContain('Diese Aufgabe nimmt gerade keine Abgaben an.');
    const page = await t.app.inject({ method: 'GET', url: `/submit/${closed.id}` });
    expect(page.body).toContain('Die Abgabefrist ist abgelaufen. Diese Aufgabe nimmt keine Abgaben mehr an.');
    expect(page.body).not.toContain('<form');
  });

  it('refuses a post from a foreign page or without Origin and Referer, storing nothing', async () => {
    const before = (await t.app.db.select().from(submissionFiles)).length;
    const foreign = await formPost(taskId, { studentName: 'Olga Ott' }, ['x.jpg'], 'https://boese.example');
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('Bitte gib deine Dateien direkt auf der Seite der Aufgabe ab.');
    const res = await t.app.inject({
      method: 'POST',
      url: `/submit/${taskId}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.db.select().from(submissionFiles)).length).toBe(before);
  });

  it('sends the feedback link rendered by the web build with its data, formulas styled from the start', async () => {
    const [row] = await t.app.db
      .select({ token: submissions.feedback_token })
      .from(submissions)
      .where(and(isNotNull(submissions.feedback_token), eq(submissions.status, 'ausgeteilt')));
    const token = row!.token!;
    const api = (
      await t.app.inject({ method: 'GET', url: `/api/feedback-link/${token}` })
    ).json<FeedbackLinkResponse>();
    const profile = (
      await t.app.inject({ method: 'GET', url: `/api/feedback-link/${token}/skill-profile` })
    ).json<StudentSkillProfile>();
    const res = await t.app.inject({ method: 'GET', url: `/feedback/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain(`<title>${esc(api.task.title)} – Rückmeldung</title>`);
    expect(res.body).toContain(
      `<div id="root"><main data-token="${token}">Hallo ${api.student.first_name}!</main></div>`,
    );
    // The data the markup was rendered from, for the script's hydration: link and skill profile.
    const json = /<script type="application\/json" id="feedback-data">([\s\S]*?)<\/script>/.exec(
      res.body,
    )![1]!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ link: api, profile });
    // Like the submit page: the stylesheet inlined, the script after the first paint, no manifest.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<style>.feedback{color:teal}</style>');
    expect(res.body).not.toMatch(/<link rel="(modulepreload|manifest)"|<script type="module"/);
    expect(res.body).toContain(`<script data-src="/assets/feedback-1.js" data-preload="/assets/react-1.js">`);
    // The demo's task has formulas, which the server's markup shows with KaTeX: its stylesheet in the head.
    expect(JSON.stringify(api.task.data)).toContain('inlineMath');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/MathFormula-1.css">');
  });

  it('answers an unknown or malformed feedback link with the German message, status 404', async () => {
    for (const token of ['abc', 'kein+token']) {
      const res = await t.app.inject({ method: 'GET', url: `/feedback/${encodeURIComponent(token)}` });
      expect(res.statusCode, token).toBe(404);
      const message =
        'Diese Rückmeldung gibt es nicht oder sie ist noch nicht freigegeben. Frag bitte deine Lehrkraft.';
      expect(res.body).toContain(`<main><p role="alert">${message}</p></main>`);
      expect(res.body).toContain('<title>Deine Rückmeldung</title>');
      const json = /<script type="application\/json" id="feedback-data">([\s\S]*?)<\/script>/.exec(
        res.body,
      )![1]!;
      expect(JSON.parse(json)).toEqual({ notFound: message });
    }
  });

  it('sends the data alone for the script to render when the build has no renderer of the page', async () => {
    const [row] = await t.app.db
      .select({ token: submissions.feedback_token })
      .from(submissions)
      .where(and(isNotNull(submissions.feedback_token), eq(submissions.status, 'ausgeteilt')));
    rmSync(path.join(dist, '.ssr', '.vite'), { recursive: true });
    try {
      const res = await t.app.inject({ method: 'GET', url: `/feedback/${row!.token}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div><script type="application/json" id="feedback-data">');
    } finally {
      mkdirSync(path.join(dist, '.ssr', '.vite'));
      writeFileSync(path.join(dist, '.ssr', '.vite', 'manifest.json'), SSR_MANIFEST);
    }
  });

  it('keeps the build’s dot folders to itself', async () => {
    for (const url of ['/.ssr/feedback-link-1.js', '/.vite/manifest.json', '/.ssr/.vite/manifest.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('renderFeedbackLinkPage');
      expect(res.body, url).not.toContain('MathFormula');
    }
  });
});
