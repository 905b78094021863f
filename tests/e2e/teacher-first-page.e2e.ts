import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, sessionApi, signIn } from './helpers/accounts';
import { launchBrowser } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * A signed-in teacher opening a page cold (empty cache, the session cookie from an earlier visit), with
 * 150 ms network latency so that what waits for what shows in the timings (ADR 035): the session comes from
 * the cookie without supabase-js or the public config, the page's data is requested while its code is still
 * on the way, and what every page adds (registration check, service worker) waits until the page is shown.
 */
describe("The teacher's first page", () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let className = '';
  let taskPath = '';
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
    className = cls!.name;
    const tasks = await api<Array<{ id: string }>>('GET', `/api/tasks?classId=${cls!.id}`);
    for (const task of tasks) {
      const { data } = await api<{ data: Array<{ name: { last_name: string }; files: unknown[] }> }>(
        'GET',
        `/api/submissions/getAll?taskId=${task.id}`,
      );
      const handedIn = data.find((row) => row.files.length > 0);
      if (handedIn) {
        taskPath = `/classes/${cls!.id}/tasks/${task.id}`;
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

  /** Loads `path` cold with latency until `shown` is on screen; every request with its start and end (s). */
  async function coldLoad(path: string, shown: string) {
    const context = await browser.newContext({ locale: 'de-DE', storageState });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const requests: Array<{ path: string; type: string; start: number; end: number }> = [];
      const byId = new Map<string, (typeof requests)[number]>();
      cdp.on('Network.requestWillBeSent', (e) => {
        const r = {
          path: new URL(e.request.url).pathname,
          type: e.type ?? '',
          start: e.timestamp,
          end: Infinity,
        };
        byId.set(e.requestId, r);
        requests.push(r);
      });
      cdp.on('Network.loadingFinished', (e) => {
        const r = byId.get(e.requestId);
        if (r) r.end = e.timestamp;
      });
      await page.goto(origin + path);
      await page.getByText(shown).first().waitFor({ timeout: 30_000 });
      // What the page adds once it is shown gets its moment.
      await page.waitForTimeout(2500);
      const first = (match: (r: (typeof requests)[number]) => boolean) => requests.find(match);
      return { requests, first };
    } finally {
      await context.close();
    }
  }

  it('/classes: data requested before supabase-js or the config answer, alongside the page code; extras after', async () => {
    const { requests, first } = await coldLoad('/classes', className);
    const data = first((r) => r.path === '/api/classes');
    expect(data, 'GET /api/classes').toBeDefined();
    const supabase = first((r) => /\/assets\/supabase-[\w-]+\.js$/.test(r.path));
    // supabase-js comes later, if at all (the registration check may load it once the page is shown).
    if (supabase) expect(supabase.start).toBeGreaterThan(data!.end);
    // The data does not wait for the public config.
    const config = first((r) => r.path === '/api/config');
    if (config) expect(data!.start).toBeLessThan(config.end);
    // The page's own code is still arriving when the data is asked for: they travel side by side.
    const lastScript = Math.max(...requests.filter((r) => r.type === 'Script').map((r) => r.end));
    expect(data!.start).toBeLessThan(lastScript);
    // The service worker and the registration check wait until the page is shown.
    for (const later of [/\/assets\/Pwa-[\w-]+\.js$/, /\/assets\/SignedInExtras-[\w-]+\.js$/]) {
      const r = first((x) => later.test(x.path));
      expect(r, String(later)).toBeDefined();
      expect(r!.start, String(later)).toBeGreaterThan(data!.end);
    }
  });

  it('task page: the submissions are requested with the route, not after its code has rendered', async () => {
    const { requests, first } = await coldLoad(taskPath, studentLastName);
    const submissions = first((r) => r.path === '/api/submissions/getAll');
    expect(submissions, 'GET /api/submissions/getAll').toBeDefined();
    const lastScript = Math.max(
      ...requests.filter((r) => r.type === 'Script' && r.start < submissions!.start + 50).map((r) => r.end),
    );
    expect(submissions!.start).toBeLessThan(lastScript);
  });
});
