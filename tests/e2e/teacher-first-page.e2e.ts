import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, sessionApi, signIn } from './helpers/accounts';
import { launchBrowser } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * A signed-in teacher opening a page cold (empty cache, the session cookie from an earlier visit), with
 * 150 ms network latency (ADR 035, 036): the server sends the class list, a class, a task and the grading page
 * rendered with their data, so the page paints before any script has arrived and asks the API for nothing the
 * page already brought; the scripts then hydrate it without a mismatch (React reports one as an error) and it
 * is the app — a link navigates without a page load. What every page adds (registration check, service
 * worker) waits until the page is shown, and the service worker never keeps a page rendered with data.
 */
describe("The teacher's first page", () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let classId = '';
  let className = '';
  let taskTitle = '';
  let taskPath = '';
  let gradingPath = '';
  let studentLastName = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    origin = server.url.replace('127.0.0.1', 'localhost');
    const login = await browser.newContext({ locale: 'de-DE' });
    const page = await login.newPage();
    await signIn(page, origin, demoLogin(server, 'Demo-Lehrkraft'));
    const api = sessionApi(page);
    const [cls] = await api<Array<{ id: string; name: string }>>('GET', '/api/classes');
    classId = cls!.id;
    className = cls!.name;
    const tasks = await api<Array<{ id: string; title: string }>>('GET', `/api/tasks?classId=${cls!.id}`);
    for (const task of tasks) {
      const { data } = await api<{
        data: Array<{ id: string; name: { last_name: string }; files: unknown[] }>;
      }>('GET', `/api/submissions/getAll?taskId=${task.id}`);
      const handedIn = data.find((row) => row.files.length > 0);
      if (handedIn) {
        taskTitle = task.title;
        taskPath = `/classes/${cls!.id}/tasks/${task.id}`;
        gradingPath = `${taskPath}/submissions/${handedIn.id}`;
        studentLastName = handedIn.name.last_name;
        break;
      }
    }
    expect(taskPath).not.toBe('');
    storageState = await login.storageState();
    await login.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  interface Load {
    page: Page;
    /** Requests in order: path and resource type. */
    requests: Array<{ path: string; type: string }>;
    /** React's hydration errors and any other error the page logged. */
    errors: string[];
    /** The document as it came from the server. */
    html: string;
    /** First contentful paint, and when each script was requested, on the page's clock (ms). */
    timing: { fcp: number; scripts: Array<{ name: string; start: number }> };
  }

  /** Loads `path` cold with latency until `shown` is on screen and the page had 2.5 s to hydrate. */
  async function coldLoad(context: BrowserContext, path: string, shown: string): Promise<Load> {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const requests: Load['requests'] = [];
    cdp.on('Network.requestWillBeSent', (e) =>
      requests.push({ path: new URL(e.request.url).pathname, type: e.type ?? '' }),
    );
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const response = await page.goto(origin + path);
    const html = (await response?.text()) ?? '';
    await page.getByText(shown).first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2500);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
        .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime })),
    }));
    return { page, requests, errors, html, timing };
  }

  /** The page came with its data and painted before any script; `apiPaths` were never requested. */
  function expectRenderedByServer(load: Load, shown: string, apiPaths: string[]) {
    expect(load.html).toContain('id="app-data"');
    expect(load.html).toContain(shown);
    expect(load.timing.fcp).toBeLessThan(Infinity);
    for (const script of load.timing.scripts)
      expect(script.start, script.name).toBeGreaterThanOrEqual(load.timing.fcp);
    for (const api of apiPaths) expect(load.requests.map((r) => r.path)).not.toContain(api);
    expect(load.errors).toEqual([]);
  }

  it('/classes: painted from the server with its data, hydrated, then the app; extras after', async () => {
    const context = await browser.newContext({ locale: 'de-DE', storageState });
    try {
      const load = await coldLoad(context, '/classes', className);
      expectRenderedByServer(load, className, ['/api/classes']);
      for (const later of [/\/assets\/Pwa-[\w-]+\.js$/, /\/assets\/SignedInExtras-[\w-]+\.js$/]) {
        const script = load.timing.scripts.find((s) => later.test(s.name));
        expect(script, String(later)).toBeDefined();
        expect(script!.start, String(later)).toBeGreaterThan(load.timing.fcp);
      }
      // Until hydrated, the drawn page's buttons cannot be pressed (nothing done then is lost); now they can.
      expect(load.html).toMatch(/<button[^>]* disabled=""/);
      await load.page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      expect(await load.page.locator('button:disabled').count()).toBeLessThan(
        (load.html.match(/<button[^>]* disabled=""/g) ?? []).length,
      );
      // Hydrated: the class's link navigates inside the app, no new document.
      const documents = () => load.requests.filter((r) => r.type === 'Document').length;
      const before = documents();
      await load.page.getByRole('link', { name: className }).first().click();
      await load.page.getByText(taskTitle).first().waitFor();
      expect(new URL(load.page.url()).pathname).toBe(`/classes/${classId}`);
      expect(documents()).toBe(before);
    } finally {
      await context.close();
    }
  });

  it('class, task and grading page: painted from the server with their data and hydrated without a mismatch', async () => {
    for (const [path, shown, apis] of [
      [`/classes/${classId}`, taskTitle, [`/api/classes/${classId}`, '/api/tasks']],
      [taskPath, studentLastName, ['/api/submissions/getAll']],
      [gradingPath, studentLastName, []],
    ] as const) {
      const context = await browser.newContext({ locale: 'de-DE', storageState });
      try {
        expectRenderedByServer(await coldLoad(context, path, shown), shown, [...apis]);
      } finally {
        await context.close();
      }
    }
  });

  it('without a session the same address is the empty app (sign-in), and the worker keeps no page with data', async () => {
    const anonymous = await fetch(`${origin}/classes`);
    const text = await anonymous.text();
    expect(anonymous.headers.get('x-app-shell')).toBe('1');
    expect(text).not.toContain('app-data');

    const context = await browser.newContext({ locale: 'de-DE', storageState });
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/classes`);
      await page.getByText(className).first().waitFor();
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
        .toBe(true);
      // Once more through the worker: the page comes from the network, and is not kept.
      await page.reload();
      await page.getByText(className).first().waitFor();
      const kept = await page.evaluate(async () => {
        const texts: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys())
            if (!new URL(request.url).pathname.startsWith('/assets/'))
              texts.push(await (await (await caches.open(name)).match(request))!.text());
        return texts;
      });
      for (const body of kept) expect(body).not.toContain('app-data');
      // Offline, the address still opens the app (its empty page), which then says it cannot reach the server.
      await context.setOffline(true);
      await page.reload();
      expect(await page.locator('#root').count()).toBe(1);
      expect(await page.content()).not.toContain(className);
    } finally {
      await context.close();
    }
  });
});
