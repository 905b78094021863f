import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { formatBytes, MOBILE, routeJs, stylesheetsAddedByScript } from './helpers/bundle';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * The student's feedback page `/feedback/{token}` on a phone (ADR 010, 034): an entry of its own that the
 * server sends rendered with its data — the demo's handed-back work with formulas, evidence quotes, photos and
 * the skill profile — and whose script hydrates that markup; open without a session, German when the link is
 * unknown, light on JavaScript, every stylesheet from its HTML. (The whole hand-back flow is in
 * feedback.e2e.ts.)
 */
describe('The student’s feedback link page in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  /** The demo's handed-back link, with the first name and the task it shows. */
  let link: { path: string; firstName: string; title: string; groups: string[] };
  const unknown = `/feedback/${'x'.repeat(32)}`;

  beforeAll(async () => {
    server = await startServer();
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    // The demo teacher's graded task has handed-back submissions (DEMO on, the default).
    const session = await fetch(`${origin}/api/demo/session`, { method: 'POST' });
    const { access_token: token } = (await session.json()) as { access_token: string };
    const get = async <T>(url: string) =>
      (await (await fetch(origin + url, { headers: { Authorization: `Bearer ${token}` } })).json()) as T;
    const tasks = await get<Array<{ id: string; title: string }>>('/api/tasks');
    const graded = tasks.find((t) => t.title === 'Lineare Gleichungen lösen')!;
    const { data } = await get<{ data: Array<{ id: string; status: string }> }>(
      `/api/submissions/getAll?taskId=${graded.id}`,
    );
    const handedBack = data.find((s) => s.status === 'ausgeteilt')!;
    const { submission } = await get<{ submission: { feedback_url: string } }>(
      `/api/feedback/${handedBack.id}`,
    );
    const path = new URL(submission.feedback_url).pathname;
    const body = await get<{ student: { first_name: string }; groups: Array<{ group_name: string }> }>(
      `/api/feedback-link/${path.split('/').pop()!}`,
    );
    link = {
      path,
      firstName: body.student.first_name,
      title: graded.title,
      groups: body.groups.map((g) => g.group_name),
    };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    removeDir(server?.dataDir);
  });

  it('opens without a session and explains an unknown link in German', async () => {
    const { page, errors } = await openPage(browser, MOBILE);
    const response = await page.goto(origin + unknown);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Rückmeldung nicht gefunden' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(unknown);
    expect(await page.getByRole('alert').innerText()).toContain('Frag bitte deine Lehrkraft.');
    // The browser logs the page's expected 404; nothing else may go wrong.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.context().close();
  });

  it('sends the student’s work complete in its HTML: scores, texts, formulas and skill profile', async () => {
    const res = await fetch(origin + link.path);
    expect(res.status).toBe(200);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
    expect(root).toContain(`Hallo ${link.firstName}!`);
    expect(root).toContain(link.title);
    for (const group of link.groups) expect(root).toContain(group);
    expect(root).toContain('data-testid="link-total"');
    // KaTeX's formulas and their stylesheet, linked from the head; the skill profile's table.
    expect(root).toContain('class="katex"');
    expect(html.slice(0, html.indexOf('</head>'))).toMatch(
      /<link rel="stylesheet"[^>]* href="\/assets\/MathFormula-/,
    );
    expect(root).toContain('<table');
    expect(root).not.toContain('Rückmeldung wird geladen');
    // Every part in place (the formulas' lazy chunk too): no inline script of React's to move one in, which
    // the Content Security Policy would not run.
    expect(root).not.toContain('<script');
    // No script before the markup has painted: the module script comes from the loader at the end.
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
  });

  it('paints the server’s page before its script runs, which then hydrates that same markup', async () => {
    const { page, errors } = await openPage(browser, MOBILE);
    // The page's script is held back until the student can already read everything.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/feedback-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(origin + link.path, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: `Hallo ${link.firstName}!` });
    await heading.waitFor();
    await page.getByRole('table', { name: 'Dein Kompetenzprofil' }).waitFor();
    expect(await page.locator('.katex').count()).toBeGreaterThan(0);
    await heading.evaluate((el) => el.setAttribute('data-before-script', ''));
    release();
    // Hydrated, not replaced: the heading the server sent is the one React now owns.
    await expect
      .poll(() => heading.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))))
      .toBe(true);
    expect(await heading.getAttribute('data-before-script')).toBe('');
    const photo = page.locator('img[src*="/api/feedback-link/"]').first();
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(500);
    expect(await page.context().cookies()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('takes every stylesheet from its HTML, none from a script', async () => {
    // Lighthouse counts a stylesheet a script adds before the first paint as render-blocking (ADR 034).
    for (const path of [link.path, unknown]) {
      const css = await stylesheetsAddedByScript(browser, origin + path, MOBILE);
      expect(css.inHtml.styles, path).toBeGreaterThan(0);
      expect(css.added, path).toEqual([]);
    }
  });

  // Its own entry (ADR 034): React and the page, without the app's router, query client and Mantine. Measured
  // 82.8 kB gzipped (react-dom ~68, the page ~10); it was 172 kB as a route of the app. KaTeX (a lazy chunk)
  // only on a page with formulas. A new dependency of the page fails here: load it lazily instead.
  const FEEDBACK_JS_BUDGET_KB = 90;

  it(`loads at most ${FEEDBACK_JS_BUDGET_KB} kB of gzipped JavaScript, without editor, KaTeX or Mantine`, async () => {
    const js = await routeJs(browser, origin + unknown, MOBILE);
    console.log(
      `/feedback route JS: ${js.files.length} files, ${formatBytes(js.gzipBytes)} gzipped, ` +
        `${formatBytes(js.wireBytes)} over the wire\n` +
        js.files
          .map((f) => `  ${(f.gzipBytes / 1000).toFixed(1).padStart(6)} kB ${f.url.split('/').pop()}`)
          .join('\n'),
    );
    expect(
      js.files.some((f) => /katex|MathFormula|TaskEditor|content\.module|supabase|main-/i.test(f.url)),
    ).toBe(false);
    expect(js.gzipBytes).toBeLessThanOrEqual(FEEDBACK_JS_BUDGET_KB * 1000);
    expect(js.wireBytes).toBeLessThanOrEqual(js.gzipBytes);
  });
});
