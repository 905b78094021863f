import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, sessionApi, signIn } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * Toasts (PRODUCT.md §4 Other, §9), the notifications page (§2) and the colour modes (§2, §4 Account) in real
 * Chromium against the built app, at 360, 768 and 1366 px in light and dark mode. `APPEARANCE_SCREENSHOTS=<dir>`
 * saves what was looked at.
 */
describe('Toasts, notifications and colour modes in a real browser', () => {
  const WIDTHS = [360, 768, 1366];
  const screenshots = process.env.APPEARANCE_SCREENSHOTS;
  // A task title as teachers write them: one long compound word, and details over several lines.
  const longTitle = 'KI-Korrektur abgeschlossen: Kurvendiskussionsaufgabensammlungsüberarbeitungsentwurf';
  const details = 'Klasse 10b: 12 Abgaben korrigiert\nKlasse 10c: 3 Abgaben mit Fehlern';

  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let teacher: Page;
  let teacherErrors: string[];
  let admin: Page;
  let adminErrors: string[];
  let qrPath = '';
  let classTokenPath = '';

  beforeAll(async () => {
    server = await startServer();
    origin = server.url;
    browser = await launchBrowser();
    ({ page: teacher, errors: teacherErrors } = await openPage(browser));
    ({ page: admin, errors: adminErrors } = await openPage(browser));
    await signIn(teacher, origin, demoLogin(server, 'Demo-Lehrkraft'), '/subjects');
    await signIn(admin, origin, demoLogin(server, 'Demo-Organisationsmitglied'), '/notifications');

    const api = sessionApi(teacher);
    const [klass] = await api<Array<{ id: string; created_by: string }>>('GET', '/api/classes');
    if (!klass) throw new Error('Die Demo-Lehrkraft hat keine Klasse');
    const [task] = await api<Array<{ id: string }>>('GET', `/api/tasks?classId=${klass.id}`);
    if (!task) throw new Error('Die Klasse der Demo-Lehrkraft hat keine Aufgabe');
    qrPath = `/classes/${klass.id}/tasks/${task.id}/qr`;
    classTokenPath = `/showClassToken?classId=${klass.id}`;
    await api('POST', '/api/notifications', {
      type: 'info',
      title: longTitle,
      details,
      link_to: '/classes',
      receiver_user_id: klass.created_by,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  async function shoot(page: Page, name: string) {
    if (!screenshots) return;
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
  }

  const scheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);

  /** Where each visible toast sits, as distances from the window's edges. */
  function toastBoxes(page: Page) {
    return page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-toast]'))
        .filter((el) => el.checkVisibility())
        .map((el) => {
          const r = el.getBoundingClientRect();
          const width = document.documentElement.clientWidth;
          return {
            width: r.width,
            right: width - r.right,
            bottom: innerHeight - r.bottom,
            top: r.top,
            height: r.height,
          };
        })
        .sort((a, b) => a.top - b.top),
    );
  }

  async function createSubject(name: string) {
    const field = teacher.getByRole('textbox', { name: /^Name des Fachs/ });
    await field.fill(name);
    await teacher.getByRole('button', { name: 'Fach anlegen' }).click();
    // The form empties once the subject is created: a name typed before that would be cleared with it.
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe('');
  }

  it('closes a toast after 4000 ms', async () => {
    await teacher.setViewportSize({ width: 1366, height: 768 });
    await teacher.goto(`${origin}/subjects`);
    await createSubject('Astronomie');
    const toast = teacher.locator('[data-toast]').filter({ hasText: 'Das Fach wurde erfolgreich erstellt' });
    await toast.waitFor({ timeout: 10_000 });
    const shown = Date.now();
    // The pointer stays off the toast: hovering pauses the countdown.
    await teacher.mouse.move(10, 400);

    await teacher.waitForTimeout(3000);
    expect(await toast.isVisible()).toBe(true);
    await toast.waitFor({ state: 'detached', timeout: 5_000 });
    const closedAfter = Date.now() - shown;
    expect(closedAfter).toBeGreaterThanOrEqual(3800);
    // 4000 ms plus the exit transition and the polling.
    expect(closedAfter).toBeLessThan(5500);
  });

  it.each(WIDTHS)(
    'stacks at most 3 toasts, 356 px wide (less on a phone), 32 px from the corner and 14 px apart, at %i px',
    async (width) => {
      await teacher.setViewportSize({ width, height: 800 });
      await teacher.goto(`${origin}/subjects`);
      for (let i = 1; i <= 4; i += 1) await createSubject(`Fach ${String(width)}-${String(i)}`);
      await expect.poll(async () => (await toastBoxes(teacher)).length, { timeout: 10_000 }).toBe(3);
      await teacher.waitForTimeout(600); // the enter transition
      const boxes = await toastBoxes(teacher);
      expect(boxes).toHaveLength(3);
      for (const box of boxes) {
        expect(box.width).toBeCloseTo(Math.min(356, width - 2 * 32), 0);
        expect(box.right).toBeCloseTo(32, 0);
      }
      expect(boxes[2]!.bottom).toBeCloseTo(32, 0);
      for (let i = 1; i < boxes.length; i += 1)
        expect(boxes[i]!.top - (boxes[i - 1]!.top + boxes[i - 1]!.height)).toBeCloseTo(14, 0);
      await shoot(teacher, `toasts-${String(width)}`);
      // Let them go before the next width.
      await expect.poll(async () => (await toastBoxes(teacher)).length, { timeout: 15_000 }).toBe(0);
    },
  );

  it.each(['light', 'dark'] as const)(
    'shows the notifications with a long title and details over several lines inside the page (%s)',
    async (mode) => {
      await teacher.emulateMedia({ colorScheme: mode });
      for (const width of WIDTHS) {
        await teacher.setViewportSize({ width, height: 800 });
        await teacher.goto(`${origin}/notifications`);
        await teacher
          .getByRole('heading', { level: 1, name: 'Die letzten Benachrichtigungen', exact: true })
          .waitFor({ timeout: 15_000 });
        expect(await teacher.title()).toBe('Die letzten Benachrichtigungen');
        expect(await scheme(teacher)).toBe(mode);
        const entry = teacher.getByRole('listitem').filter({ hasText: longTitle });
        await entry.waitFor();
        await shoot(teacher, `notifications-${mode}-${String(width)}`);

        // Nothing runs out of the page sideways, the long word neither.
        const overflow = await teacher.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        const title = await entry.getByRole('heading', { level: 2 }).boundingBox();
        const card = await entry.boundingBox();
        expect(title!.x + title!.width).toBeLessThanOrEqual(card!.x + card!.width);
        // Each line of the details on a line of its own.
        const lines = entry.getByText('Klasse 10b: 12 Abgaben korrigiert', { exact: false });
        const box = await lines.boundingBox();
        const lineHeight = await lines.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
        expect(box!.height).toBeGreaterThanOrEqual(2 * lineHeight - 1);
      }
      await teacher.emulateMedia({ colorScheme: null });
      expect(teacherErrors).toEqual([]);
    },
  );

  it('says so when there is no notification yet, with the coin balance', async () => {
    for (const width of WIDTHS) {
      await admin.setViewportSize({ width, height: 800 });
      await admin.goto(`${origin}/notifications`);
      await admin.getByText('Noch keine Benachrichtigungen.', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await admin.getByRole('region', { name: /^KI-Guthaben: \d+ Coins?$/ }).isVisible()).toBe(true);
      expect(await admin.getByRole('button', { name: 'Alle als gelesen markieren' }).count()).toBe(0);
      await shoot(admin, `notifications-empty-${String(width)}`);
    }
    expect(adminErrors).toEqual([]);
  });

  it('keeps the QR code and the class code light in dark mode, and the user’s mode everywhere else', async () => {
    await teacher.setViewportSize({ width: 1366, height: 800 });
    await teacher.goto(`${origin}/account`);
    await teacher.getByRole('radiogroup', { name: 'Farbmodus' }).getByText('Dunkel', { exact: true }).click();
    await expect.poll(() => scheme(teacher), { timeout: 15_000 }).toBe('dark');

    for (const forced of [qrPath, classTokenPath]) {
      for (const width of WIDTHS) {
        await teacher.setViewportSize({ width, height: 800 });
        // Opened directly (a reload) and reached from a page in dark mode.
        await teacher.goto(origin + forced);
        await teacher.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
        await expect.poll(() => scheme(teacher), { timeout: 15_000 }).toBe('light');
        const background = await teacher.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).toBe('rgb(255, 255, 255)');
        await shoot(
          teacher,
          `forced-light${forced.startsWith('/show') ? '-class-code' : '-qr'}-${String(width)}`,
        );
      }
    }

    // Leaving the page brings the user's own mode back, and the choice stays stored.
    await teacher.goto(`${origin}/classes`);
    await teacher.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => scheme(teacher), { timeout: 15_000 }).toBe('dark');
    expect(await teacher.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBe('dark');

    await teacher.goto(`${origin}/account`);
    await teacher.getByRole('radiogroup', { name: 'Farbmodus' }).getByText('System', { exact: true }).click();
    await expect.poll(() => scheme(teacher), { timeout: 15_000 }).toBe('light');
    expect(teacherErrors).toEqual([]);
  });

  it('paints the stored mode from the first frame, before the app’s scripts have run', async () => {
    const { page, errors } = await openPage(browser, { viewport: { width: 1366, height: 800 } });
    // The app's scripts never arrive: what shows is what the page's head does by itself.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    for (const path of ['/login', '/classes']) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(origin + path);
      await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
      await page.reload();
      expect(await scheme(page)).toBe('dark');
      expect(await background()).toBe('rgb(36, 36, 36)');

      // Nothing stored follows the system; a stored light wins over a dark system.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));
      await page.reload();
      expect(await scheme(page)).toBe('dark');
      await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
      await page.reload();
      expect(await scheme(page)).toBe('light');
      expect(await background()).toBe('rgb(255, 255, 255)');
    }
    expect(errors.filter((e) => /Content Security Policy/.test(e))).toEqual([]);
    await page.context().close();
  });
});
