import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { formatBytes, MOBILE, routeJs } from './helpers/bundle';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * The student's feedback page `/feedback/{token}` on a phone (ADR 010): open without a session, German when
 * the link is unknown, and as light as the submit page. (The whole hand-back flow is in feedback.e2e.ts.)
 */
describe('The student’s feedback link page in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  const unknown = `/feedback/${'x'.repeat(32)}`;

  beforeAll(async () => {
    server = await startServer();
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    removeDir(server?.dataDir);
  });

  it('opens without a session and explains an unknown link in German', async () => {
    const { page, errors } = await openPage(browser, MOBILE);
    await page.goto(origin + unknown);
    await page.getByRole('heading', { level: 1, name: 'Rückmeldung nicht gefunden' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(unknown);
    expect(await page.getByRole('alert').innerText()).toContain('Frag bitte deine Lehrkraft.');
    // The browser logs the API's expected 404; nothing else may go wrong.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  // Measured 141 KiB when the page was built (React ~68, TanStack Router ~25, Mantine ~22, Query ~10, the
  // page and its strings a few): no zod, no full catalog, no editor. A new dependency fails here.
  // The shared API client retries during a database outage (a few hundred bytes more than before).
  const FEEDBACK_JS_BUDGET_KB = 155;

  it(`loads at most ${FEEDBACK_JS_BUDGET_KB} kB of gzipped JavaScript, without editor or KaTeX`, async () => {
    const js = await routeJs(browser, origin + unknown, MOBILE);
    console.log(`/feedback route JS: ${js.files.length} files, ${formatBytes(js.gzipBytes)} gzipped`);
    expect(js.files.some((f) => /katex|TaskEditor|content\.module|supabase/i.test(f.url))).toBe(false);
    expect(js.gzipBytes).toBeLessThanOrEqual(FEEDBACK_JS_BUDGET_KB * 1000);
  });
});
