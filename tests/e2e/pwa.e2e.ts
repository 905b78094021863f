import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, repoRoot, startServer, type RunningServer } from './helpers/server';

/**
 * The installable app in real Chromium, against a copy of the built web app (WEB_DIST) that the test changes
 * as a deploy would: /sw.js, the manifest and the build metadata are served; the worker never caches /api or
 * /auth answers and is not registered on the submit page; the install offer goes for good once dismissed; a
 * new build reaches an open tab within 30 s; a chunk that is gone reloads the page exactly once.
 */
describe('The installable app and its updates', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let dist: string;
  const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });

  /** Replaces a file of the served build (and drops its pre-compressed copies, which would win). */
  function replace(file: string, content: string) {
    const target = path.join(dist, file);
    writeFileSync(target, content);
    rmSync(`${target}.gz`, { force: true });
    rmSync(`${target}.br`, { force: true });
  }

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    cpSync(path.join(repoRoot, 'apps/web/dist'), dist, { recursive: true });
    server = await startServer({ env: { WEB_DIST: dist } });
    origin = server.url;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the worker, the manifest with German names and icons, and the build metadata', async () => {
    const sw = await fetch(`${origin}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const source = await sw.text();
    expect(source).toContain('precacheAndRoute');

    const manifest = (await (await fetch(`${origin}/manifest.webmanifest`)).json()) as {
      name: string;
      short_name: string;
      lang: string;
      display: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Klassenzimmer – Aufgaben und Feedback', lang: 'de' });
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const res = await fetch(`${origin}${icon.src}`);
      expect(res.headers.get('content-type'), icon.src).toBe('image/png');
    }

    const latest = (await (await fetch(`${origin}/builds/latest.json`)).json()) as { buildId: string };
    expect(latest.buildId).toMatch(/^\d+\.\d+\.\d+-[a-z0-9]+$/);
    const meta = await fetch(`${origin}/builds/meta/${latest.buildId}.json`);
    expect(((await meta.json()) as { buildId: string }).buildId).toBe(latest.buildId);
  });

  it('registers the worker on the teachers’ pages, never caches /api or /auth, and skips the submit page', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/demo`);
    await page.getByRole('button', { name: 'Demo starten' }).click();
    await page.waitForURL('**/classes');
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Pages and assets fetched under the worker's control.
    await page.getByRole('link', { name: /7b/ }).first().click();
    await page.waitForURL(/\/classes\/[A-Za-z0-9_-]+$/);
    await page.reload();
    await poll(() => page.getByText('Lea Bauer').first().isVisible()).toBe(true);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((url) => /^\/(api|auth)(\/|$)/.test(url))).toEqual([]);
    const taskId = await page.evaluate(async () => {
      const tasks = (await (await fetch('/api/tasks')).json()) as Array<{ id: string; status: string }>;
      return tasks.find((t) => t.status === 'published')!.id;
    });
    expect(errors).toEqual([]);
    await page.context().close();

    const { page: child, errors: childErrors } = await openPage(browser, {
      viewport: { width: 390, height: 844 },
    });
    await child.goto(`${origin}/submit/${taskId}`);
    await poll(() => child.getByRole('button', { name: /Abgeben/ }).isVisible()).toBe(true);
    await child.waitForTimeout(2000);
    expect(await child.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(
      0,
    );
    expect(childErrors).toEqual([]);
    await child.context().close();
  });

  it('shows the install offer when the browser makes one, and never again once dismissed', async () => {
    const { page, errors } = await openPage(browser);
    // Headless Chromium never decides on its own that the app is installable: the test makes the browser's
    // offer (the same event with prompt() and userChoice).
    const offer = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => Promise.resolve(),
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(event);
      });
    await page.goto(`${origin}/login`);
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    await offer();
    const banner = page.getByRole('region', { name: 'Klassenzimmer als App installieren' });
    await poll(() => banner.isVisible()).toBe(true);
    await banner.getByRole('button', { name: 'Nicht mehr anzeigen' }).click();
    await poll(() => banner.isVisible()).toBe(false);

    await page.reload();
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    await offer();
    await page.waitForTimeout(1500);
    expect(await banner.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('picks up a new build in an open tab within 30 s', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/login`);
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { oldTab: boolean }).oldTab = true;
    });

    // The deploy: a new index page, worker and build id.
    const latest = JSON.parse(readFileSync(path.join(dist, 'builds/latest.json'), 'utf8')) as {
      buildId: string;
    };
    const buildId = `${latest.buildId}-neu`;
    replace(
      'index.html',
      readFileSync(path.join(dist, 'index.html'), 'utf8').replace(
        '</head>',
        `<meta name="build" content="${buildId}"></head>`,
      ),
    );
    replace('sw.js', `${readFileSync(path.join(dist, 'sw.js'), 'utf8')}\n// ${buildId}\n`);
    replace('builds/latest.json', JSON.stringify({ ...latest, buildId }));
    const deployed = Date.now();

    await poll(
      () =>
        page
          .evaluate(() => document.querySelector('meta[name="build"]')?.getAttribute('content') ?? null)
          .catch(() => null),
      30_000,
    ).toBe(buildId);
    console.info(`New build picked up by the open tab after ${String(Date.now() - deployed)} ms`);
    expect(await page.evaluate(() => 'oldTab' in window)).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reloads exactly once when a page’s chunk is gone, then says what happened', async () => {
    const chunk = readdirSync(path.join(dist, 'assets')).find((f) => /^account-.*\.js$/.test(f));
    expect(chunk).toBeDefined();
    for (const suffix of ['', '.gz', '.br'])
      rmSync(path.join(dist, 'assets', `${chunk!}${suffix}`), { force: true });

    const { page } = await openPage(browser);
    await page.goto(`${origin}/demo`);
    await page.getByRole('button', { name: 'Demo starten' }).click();
    await page.waitForURL('**/classes');
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(`${origin}/account`);
    await poll(() => page.getByText(/Ein Teil der App konnte nicht geladen werden/).isVisible()).toBe(true);
    await page.waitForTimeout(12_000);
    // The visit itself and one reload.
    expect(loads).toBe(2);
    await page.context().close();
  });
});
