import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAnalyticsCapture,
  type AnalyticsCapture,
  type CapturedEvent,
} from '../fixtures/analytics-capture';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * Product analytics with POSTHOG_KEY/POSTHOG_HOST set, against a capture server on loopback: a page view with
 * the full path after every route change, the teacher identified by their account id and reset on sign-out,
 * and nothing at all — not even the library — on the submit page or a feedback link (no tracking of children).
 */
const distinctId = (event: CapturedEvent) => event.properties.distinct_id ?? event.distinct_id;

function notAutomated() {
  Object.defineProperty(navigator, 'webdriver', { get: () => false });
}

describe('Analytics in a real browser', () => {
  let server: RunningServer;
  let capture: AnalyticsCapture;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let origin: string;
  let userId = '';
  let taskId = '';
  // Headless Chromium names itself in its user agent and sets navigator.webdriver, and the library drops
  // bots' events: the test looks like a teacher's browser.
  const userAgent =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
  const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
  const pageviews = () =>
    capture.events.filter((e) => e.event === '$pageview').map((e) => String(e.properties.$current_url));

  beforeAll(async () => {
    capture = await startAnalyticsCapture();
    server = await startServer({ env: { POSTHOG_KEY: 'phc_e2e_key', POSTHOG_HOST: capture.url } });
    origin = server.url;
    browser = await launchBrowser();
    ({ page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 }, userAgent }));
    await page.context().addInitScript(notAutomated);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await capture?.close();
    if (server) removeDir(server.dataDir);
  });

  it('sends a page view with the full path for every route change and identifies the teacher', async () => {
    await page.goto(`${origin}/demo`);
    await poll(pageviews).toContain(`${origin}/demo`);
    await page.getByRole('button', { name: 'Demo starten' }).click();
    await page.waitForURL('**/classes');
    userId = await page.evaluate(async () => {
      const res = await fetch('/api/profile');
      return ((await res.json()) as { profile: { user_id: string } }).profile.user_id;
    });
    await poll(pageviews).toContain(`${origin}/classes`);
    await poll(() => capture.events.some((e) => e.event === '$identify' && distinctId(e) === userId)).toBe(
      true,
    );

    await page.getByRole('link', { name: /7b/ }).first().click();
    await page.waitForURL(/\/classes\/[A-Za-z0-9_-]+$/);
    const classUrl = page.url();
    await poll(pageviews).toContain(classUrl);
    // One page view per route change, not one per render.
    await page.waitForTimeout(4000);
    expect(pageviews().filter((url) => url === classUrl)).toHaveLength(1);
    // A query string is part of the full path.
    await page.goto(`${origin}/classes?ansicht=test`);
    await poll(pageviews).toContain(`${origin}/classes?ansicht=test`);
    const last = capture.events.filter((e) => e.event === '$pageview').at(-1)!;
    expect(distinctId(last)).toBe(userId);
    // No automatic capture of clicks, page leaves or recordings: page views and identification only.
    expect(new Set(capture.events.map((e) => e.event))).toEqual(new Set(['$pageview', '$identify']));

    // The demo's open task: its submit page takes uploads.
    taskId = await page.evaluate(async () => {
      const res = await fetch('/api/tasks');
      const body = (await res.json()) as Array<{ id: string; status: string }>;
      return body.find((t) => t.status === 'published')!.id;
    });
  });

  it('never loads or sends anything on the submit page or a feedback link', async () => {
    const { page: child, errors: childErrors } = await openPage(browser, {
      viewport: { width: 390, height: 844 },
      userAgent,
    });
    await child.context().addInitScript(notAutomated);
    const analyticsRequests: string[] = [];
    child.on('request', (req) => {
      if (req.url().startsWith(capture.url) || /posthog/i.test(req.url())) analyticsRequests.push(req.url());
    });
    const before = capture.requests.length;
    await child.goto(`${origin}/submit/${taskId}`);
    await poll(() => child.getByRole('button', { name: /Abgeben/ }).isVisible()).toBe(true);
    // An unknown link: the page says so (its API answer is a 404 the console reports).
    await child.goto(`${origin}/feedback/nicht-vorhanden-${Date.now()}`);
    await child.waitForLoadState('networkidle');
    childErrors.splice(0, childErrors.length, ...childErrors.filter((e) => !e.includes('404')));
    await child.waitForTimeout(4000);
    expect(analyticsRequests).toEqual([]);
    expect(capture.requests.length).toBe(before);
    const scripts = await child.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(scripts.filter((name) => /Analytics|posthog/i.test(name))).toEqual([]);
    expect(childErrors).toEqual([]);
    await child.context().close();
  });

  it('resets the identity on sign-out', async () => {
    await page.goto(`${origin}/classes`);
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL('**/login');
    const signedOutUrl = page.url();
    await poll(() =>
      capture.events.some(
        (e) =>
          e.event === '$pageview' && e.properties.$current_url === signedOutUrl && distinctId(e) !== userId,
      ),
    ).toBe(true);
    expect(errors).toEqual([]);
  });
});
