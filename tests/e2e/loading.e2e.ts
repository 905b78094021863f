import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProxy, type ApiProxy } from '../fixtures/api-proxy';
import { demoLogin, sessionApi, signIn } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { photo } from './helpers/files';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * Loading and error states in real Chromium against the built app, seen through a proxy on loopback that
 * holds back or fails the API's requests (pages, scripts and the auth server pass unchanged): under a slow API
 * every page shows a loader at once instead of a white page; under a failing one the error with "Erneut
 * versuchen" comes within 3 s, and trying again works once the API answers again.
 */
describe('Pages while the API is slow or failing', () => {
  /** The slow API: longer than anyone waits in front of a white page. */
  const SLOW_MS = 3500;
  /** A loader must be on screen this soon after the page's scripts ran, or after a click. */
  const LOADER_WITHIN_MS = 500;
  /** The error with a way to try again must be on screen this soon after the API started failing. */
  const ERROR_WITHIN_MS = 3000;

  let server: RunningServer;
  let proxy: ApiProxy;
  let browser: Browser;
  let origin: string;
  let teacher: Page;
  let admin: Page;
  const errors: string[] = [];
  let classPath = '';
  let className = '';
  let taskPath = '';
  let gradingPath = '';

  const api = <T>(method: string, url: string, body?: unknown) => sessionApi(teacher)<T>(method, url, body);

  beforeAll(async () => {
    server = await startServer();
    proxy = await startApiProxy(server.url);
    origin = proxy.url;
    browser = await launchBrowser();
    const track = (opened: { page: Page; errors: string[] }) => {
      opened.page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`${opened.page.url()}: ${msg.text()}`);
      });
      return opened.page;
    };
    teacher = track(await openPage(browser));
    admin = track(await openPage(browser));
    await signIn(teacher, origin, demoLogin(server, 'Demo-Lehrkraft'), '/subjects');
    await signIn(admin, origin, demoLogin(server, 'Demo-Organisationsmitglied'), '/admin/users');

    const subject = await api<{ id: string }>('POST', '/api/subjects', { name: 'Physik' });
    className = '9c Physik';
    const klass = await api<{ id: string }>('POST', '/api/classes', {
      name: className,
      grade: '9',
      subject_id: subject.id,
    });
    classPath = `/classes/${klass.id}`;
    await api('POST', '/api/createStudents', { class_id: klass.id, names: ['Ida Ihle', 'Jan Janssen'] });
    const task = await api<{ id: string }>('POST', '/api/tasks', {
      class_id: klass.id,
      title: 'Hebelgesetz',
      status: 'published',
    });
    taskPath = `${classPath}/tasks/${task.id}`;
    const submitPage = (await (await fetch(`${server.url}/api/submit/${task.id}`)).json()) as {
      students: Array<{ id: string }>;
    };
    const form = new FormData();
    form.append('studentId', submitPage.students[0]!.id);
    form.append(
      'files',
      new Blob([new Uint8Array(await photo(240, 320, 3))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const upload = await fetch(`${server.url}/api/submissions/studentupload/${task.id}`, {
      method: 'POST',
      body: form,
    });
    expect(upload.status).toBe(200);
    const { data } = await api<{ data: Array<{ id: string; files: unknown[] }> }>(
      'GET',
      `/api/submissions/getAll?taskId=${task.id}`,
    );
    gradingPath = `${taskPath}/submissions/${data.find((s) => s.files.length > 0)!.id}`;
  });

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  /** A loader or skeleton of a page: an element with role status that is on screen. */
  const loader = (page: Page) => page.getByRole('status').filter({ visible: true }).first();
  const retryButton = (page: Page) => page.getByRole('button', { name: 'Erneut versuchen' });

  /** Milliseconds from `start` until `locator` is visible (polled every 25 ms), or Infinity after `limitMs`. */
  async function visibleAfter(locator: Locator, start: number, limitMs: number): Promise<number> {
    for (;;) {
      if (await locator.isVisible().catch(() => false)) return Date.now() - start;
      if (Date.now() - start > limitMs) return Number.POSITIVE_INFINITY;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  describe('under a slow API', () => {
    // The teacher's main pages come from the server drawn with their data (ADR 036): the browser's slow API
    // requests do not hold them back, so they need no loader on opening.
    const drawnByServer = ['the classes', 'a class', 'a task', 'the grading page'];
    const pages = (): Array<[string, () => Page, () => string, (page: Page) => Locator]> => [
      [
        'the classes',
        () => teacher,
        () => '/classes',
        (p) => p.getByRole('heading', { level: 1, name: 'Klassen' }),
      ],
      [
        'the subjects',
        () => teacher,
        () => '/subjects',
        (p) => p.getByRole('heading', { level: 1, name: 'Fächer' }),
      ],
      [
        'a class',
        () => teacher,
        () => classPath,
        (p) => p.getByRole('heading', { level: 1, name: className }),
      ],
      [
        'a task',
        () => teacher,
        () => taskPath,
        (p) => p.getByRole('heading', { level: 1, name: 'Hebelgesetz' }),
      ],
      ['the grading page', () => teacher, () => gradingPath, (p) => p.getByRole('heading', { level: 1 })],
      [
        'the notifications',
        () => teacher,
        () => '/notifications',
        (p) => p.getByRole('heading', { level: 1, name: 'Die letzten Benachrichtigungen' }),
      ],
      [
        'the admin’s user list',
        () => admin,
        () => '/admin/users',
        (p) => p.getByRole('heading', { level: 1 }),
      ],
    ];
    // Not the submit page: the server sends its task with the HTML (ADR 020), so a slow or failing API
    // never holds it back.

    for (const [name, pageOf, pathOf, content] of pages().filter(([name]) => drawnByServer.includes(name))) {
      it(`shows ${name} with its data at once, drawn by the server`, async () => {
        const page = pageOf();
        proxy.control.delayMs = SLOW_MS;
        try {
          await page.goto(origin + pathOf(), { waitUntil: 'domcontentloaded' });
          // A server too busy to draw it within its budget sends the empty app: then the loader, as elsewhere.
          const drawn = (await page.locator('#app-data').count()) > 0;
          const shown = await visibleAfter(drawn ? content(page) : loader(page), Date.now(), SLOW_MS);
          expect(shown, `${drawn ? 'page' : 'loader'} after ${shown} ms`).toBeLessThanOrEqual(
            LOADER_WITHIN_MS,
          );
        } finally {
          proxy.control.reset();
        }
      });
    }

    for (const [name, pageOf, pathOf, content] of pages().filter(([name]) => !drawnByServer.includes(name))) {
      // One more try when the first misses the time by a little: a two-core machine running the whole suite
      // delays a script now and then (seen: 567 ms against 500 once in a full run, within it alone).
      it(`shows a loader at once on ${name}, then the page`, { retry: 1 }, async () => {
        const page = pageOf();
        proxy.control.delayMs = SLOW_MS;
        try {
          const start = Date.now();
          await page.goto(origin + pathOf(), { waitUntil: 'domcontentloaded' });
          const scriptsRan = Date.now();
          const shown = await visibleAfter(loader(page), scriptsRan, SLOW_MS);
          expect(shown, `loader after ${shown} ms`).toBeLessThanOrEqual(LOADER_WITHIN_MS);
          // The loader stood for the data: the page came once the API answered.
          const loaded = await visibleAfter(content(page), start, SLOW_MS * 4);
          expect(loaded).toBeGreaterThanOrEqual(SLOW_MS);
          expect(loaded).toBeLessThan(Number.POSITIVE_INFINITY);
        } finally {
          proxy.control.reset();
        }
      });
    }

    it('shows a loader at once when the teacher opens a class from the list', async () => {
      await teacher.goto(origin + '/classes');
      const link = teacher.getByRole('link', { name: `Klasse ${className} öffnen` });
      await link.waitFor();
      // The app has taken over the server's page: the click is the app's navigation.
      await teacher.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      proxy.control.delayMs = SLOW_MS;
      try {
        const start = Date.now();
        await link.click();
        const shown = await visibleAfter(loader(teacher), start, SLOW_MS);
        expect(shown, `loader after ${shown} ms`).toBeLessThanOrEqual(LOADER_WITHIN_MS);
        const loaded = await visibleAfter(
          teacher.getByRole('heading', { level: 1, name: className }),
          start,
          SLOW_MS * 4,
        );
        expect(loaded).toBeLessThan(Number.POSITIVE_INFINITY);
      } finally {
        proxy.control.reset();
      }
    });

    it('logs no console errors', () => {
      expect(errors).toEqual([]);
    });
  });

  describe('under a failing API', () => {
    it('shows the error with "Erneut versuchen" within 3 s on opening a page, and the page once it works again', async () => {
      proxy.control.failWith = 503;
      try {
        const start = Date.now();
        // A page the browser draws (the server draws the teacher's main pages with their data, ADR 036).
        await teacher.goto(origin + '/subjects', { waitUntil: 'domcontentloaded' });
        const shown = await visibleAfter(retryButton(teacher), start, ERROR_WITHIN_MS * 4);
        expect(shown, `error after ${shown} ms`).toBeLessThanOrEqual(ERROR_WITHIN_MS);
        expect(await teacher.getByRole('alert').first().isVisible()).toBe(true);
        // Up to 3 retries, as PRODUCT.md §8 has it: faster, not fewer.
        expect(proxy.control.requests.filter((r) => r.answer === 503).length).toBeGreaterThanOrEqual(4);
      } finally {
        proxy.control.reset();
      }
      await retryButton(teacher).click();
      await teacher.getByRole('heading', { level: 1, name: 'Fächer' }).waitFor({ timeout: 15_000 });
      await teacher.getByText('Physik').first().waitFor();
      expect(await retryButton(teacher).count()).toBe(0);
    });

    it('shows "Fehler beim Laden der Klassen" with "Erneut versuchen" within 3 s when a class cannot be opened, and the class once it works again', async () => {
      // A fresh page: the class's data is not cached yet.
      await teacher.goto(origin + '/classes');
      const link = teacher.getByRole('link', { name: `Klasse ${className} öffnen` });
      await link.waitFor();
      await teacher.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      proxy.control.failWith = 503;
      try {
        const start = Date.now();
        await link.click();
        const shown = await visibleAfter(retryButton(teacher), start, ERROR_WITHIN_MS * 4);
        expect(shown, `error after ${shown} ms`).toBeLessThanOrEqual(ERROR_WITHIN_MS);
        expect(
          await teacher.getByRole('alert').filter({ hasText: 'Fehler beim Laden der Klassen' }).isVisible(),
        ).toBe(true);
      } finally {
        proxy.control.reset();
      }
      await retryButton(teacher).click();
      await teacher.getByRole('heading', { level: 1, name: className }).waitFor({ timeout: 15_000 });
      expect(await retryButton(teacher).count()).toBe(0);
    });
  });
});
