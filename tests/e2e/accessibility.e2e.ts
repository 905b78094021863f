import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, sessionApi, signIn } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { photo } from './helpers/files';
import { removeDir, startServer, type RunningServer } from './helpers/server';

// Evaluated rather than added as a script tag: the app's CSP refuses inline scripts other than its own one.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{
    target: unknown[];
    any: Array<{ data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }>;
  }>;
}

/**
 * Every page a teacher, an organization member and a student can reach passes axe-core without a serious or
 * critical violation, at 1366, 768 and 360 px in light mode and the key pages in dark mode at 1366 px too; and
 * a student hands in by keyboard alone. One server with the seeded demo (class 7b, graded and handed-back
 * hand-ins). Left out: /logout, which only signs out and forwards to /login.
 */
describe('Accessibility: axe-core on every page, handing in by keyboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let anonymous: Page;
  let teacher: Page;
  let admin: Page;
  let classId = '';
  let taskPath = '';
  let taskId = '';
  let gradingPath = '';
  let feedbackPath = '';
  let submitPath = '';

  beforeAll(async () => {
    server = await startServer();
    origin = server.url;
    browser = await launchBrowser();
    const viewport = { width: 1366, height: 900 };
    anonymous = (await openPage(browser, { viewport })).page;
    teacher = (await openPage(browser, { viewport })).page;
    admin = (await openPage(browser, { viewport })).page;
    await signIn(admin, origin, demoLogin(server, 'Demo-Organisationsmitglied'), '/admin');

    // The teacher comes in as a visitor does: one click on /demo.
    await teacher.goto(`${origin}/demo`);
    await teacher.getByRole('button', { name: 'Demo starten' }).click();
    await teacher.waitForURL('**/classes');
    await teacher.getByRole('link', { name: /7b/ }).first().click();
    await teacher.waitForURL(/\/classes\/[A-Za-z0-9_-]+$/);
    classId = new URL(teacher.url()).pathname.split('/').pop()!;
    await teacher
      .getByRole('link', { name: /Lineare Gleichungen lösen/ })
      .first()
      .click();
    await teacher.waitForURL(/\/tasks\/[A-Za-z0-9_-]+$/);
    taskPath = new URL(teacher.url()).pathname;
    taskId = taskPath.split('/').pop()!;
    const api = sessionApi(teacher);
    const { data } = await api<{ data: Array<{ id: string; status: string }> }>(
      'GET',
      `/api/submissions/getAll?taskId=${taskId}`,
    );
    const graded = data.find((s) => s.status === 'korrigiert') ?? data.find((s) => s.status === 'ausgeteilt');
    gradingPath = `${taskPath}/submissions/${graded!.id}`;
    const handedBack = data.find((s) => s.status === 'ausgeteilt')!;
    const { submission } = await api<{ submission: { feedback_url: string } }>(
      'GET',
      `/api/feedback/${handedBack.id}`,
    );
    feedbackPath = new URL(submission.feedback_url).pathname;
    // The demo's tasks are closed by now; an open one of class 7b shows the submit form.
    const open = await api<{ id: string }>('POST', '/api/tasks', {
      class_id: classId,
      title: 'Gleichungen mit Klammern',
      status: 'published',
    });
    submitPath = `/submit/${open.id}`;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  /** The page has settled: the network is quiet and no loader or skeleton is on screen. */
  async function settle(page: Page) {
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(
      () =>
        !Array.from(
          document.querySelectorAll('.mantine-Loader-root, .mantine-Skeleton-root, [data-loading]'),
        ).some((el) => el instanceof HTMLElement && el.checkVisibility()),
      undefined,
      { timeout: 15_000 },
    );
    // Mantine's transitions (fade-ins) end before the colours are measured.
    await page.waitForTimeout(150);
  }

  /** The widths every page is checked at: a phone, a tablet upright, a laptop. */
  const WIDTHS = [1366, 768, 360] as const;
  const heightOf = (width: number) => (width === 360 ? 740 : width === 768 ? 1024 : 900);

  /**
   * Runs axe-core on `url` at each of `widths` and returns the serious and critical violations, one line per
   * element. The page is loaded once at the first width and then resized: the layouts switch by media query,
   * so the same page is audited again after the resize (far quicker than loading it afresh per width).
   */
  async function audit(
    page: Page,
    url: string,
    scheme: 'light' | 'dark' = 'light',
    widths: readonly number[] = WIDTHS,
  ): Promise<string[]> {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: widths[0]!, height: heightOf(widths[0]!) });
    await page.goto(origin + url);
    await settle(page);
    // A page that sent the visitor elsewhere (a guard, a missing id) would be audited in place of this one.
    const landed = new URL(page.url()).pathname;
    if (landed !== new URL(origin + url).pathname) return [`${url}: landete auf ${landed}`];
    await page.evaluate(axeSource);
    const problems: string[] = [];
    for (const [i, width] of widths.entries()) {
      if (i > 0) {
        await page.setViewportSize({ width, height: heightOf(width) });
        await settleLayout(page);
      }
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: Violation[] }> } }
        ).axe;
        return (await axe.run(document)).violations;
      });
      problems.push(
        ...violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .flatMap((v) =>
            v.nodes.map(
              (n) =>
                `${url} (${scheme}, ${String(width)} px) ${v.impact} ${v.id}: ${v.help} – ${JSON.stringify(n.target)}${contrast(n.any[0]?.data)}`,
            ),
          ),
      );
    }
    return problems;
  }

  /** After a resize: the components that follow media queries in script have rendered, transitions ended. */
  async function settleLayout(page: Page) {
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.waitForTimeout(150);
  }

  /** For a contrast violation: the colours axe measured, to find the theme variable behind them. */
  function contrast(data?: { fgColor?: string; bgColor?: string; contrastRatio?: number }) {
    return data?.contrastRatio ? ` (${data.fgColor} auf ${data.bgColor}: ${data.contrastRatio}:1)` : '';
  }

  async function auditAll(
    page: Page,
    urls: string[],
    scheme: 'light' | 'dark' = 'light',
    widths: readonly number[] = WIDTHS,
  ) {
    const problems: string[] = [];
    for (const url of urls) problems.push(...(await audit(page, url, scheme, widths)));
    return problems;
  }

  it('the public pages: landing, account pages, demo, 404', async () => {
    expect(
      await auditAll(anonymous, [
        '/',
        '/login',
        '/register',
        '/reset-password',
        '/update-password',
        '/waitlist',
        '/email-confirmed',
        '/error?header=Hoppla!&message=Etwas%20ist%20schiefgelaufen.',
        '/demo',
        '/diese-seite-gibt-es-nicht',
      ]),
    ).toEqual([]);
  }, 240_000);

  it('the student’s pages: submit page and feedback link', async () => {
    expect([
      ...(await auditAll(anonymous, [`/submit/${taskId}`, submitPath])),
      ...(await auditAll(anonymous, [feedbackPath])),
    ]).toEqual([]);
  });

  it('the teacher’s pages', async () => {
    expect(
      await auditAll(teacher, [
        '/classes',
        `/classes/${classId}`,
        taskPath,
        gradingPath,
        `${taskPath}/qr`,
        `${taskPath}/submissions/add`,
        `${taskPath}/submissions/match`,
        `${taskPath}/submissions/verify`,
        `/classes/${classId}/tasks/new/a11y-entwurf`,
        `/createTask?classId=${classId}`,
        `/createStudent?classId=${classId}`,
        `/showClassToken?classId=${classId}`,
        '/joinClass',
        '/subjects',
        '/account',
        '/notifications',
        `/old/${taskId}`,
        `/old/${taskId}/edit`,
      ]),
    ).toEqual([]);
  }, 240_000);

  it('the organization member’s pages', async () => {
    expect(
      await auditAll(admin, [
        '/admin',
        '/admin/rights',
        '/admin/users',
        '/tiptaptest',
        '/dev/stats',
        '/dev/ocr-test',
        '/dev/competenceGenerationStep',
        '/dev/skillEditor',
        '/dev/submissions/matching',
        '/dev/submissions/studentmatching',
        `/dev/submissions/flow/${taskId}`,
      ]),
    ).toEqual([]);
  }, 240_000);

  it('the key pages in dark mode', async () => {
    const problems = [
      ...(await auditAll(anonymous, ['/', '/login', submitPath, feedbackPath], 'dark', [1366])),
      ...(await auditAll(teacher, [`/classes/${classId}`, taskPath, gradingPath], 'dark', [1366])),
    ];
    expect(problems).toEqual([]);
  });

  /** Presses Tab until `target` has the focus; fails after `max` presses. */
  async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 25) {
    for (let i = 0; i < max; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    if (await target.evaluate((el) => el === document.activeElement)) return;
    throw new Error(`Nach ${String(max)}× Tab nicht erreicht: ${target.toString()}`);
  }

  it('a student hands in by keyboard alone', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    await page.goto(origin + submitPath);
    // The server-rendered shell gives way to the app, which brings the form.
    await page.locator('main.ssr').waitFor({ state: 'detached' });
    const name = page.getByLabel('Wähle deinen Namen');
    await tabTo(page, name);
    // Typing on a focused select picks the first option that starts with the letters.
    await page.keyboard.type('Lea');
    expect(await name.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toMatch(
      /^Lea /,
    );
    const choose = page.getByRole('button', { name: 'Dateien auswählen' });
    // Enter on the focused button opens the file chooser. The page may still render the button afresh while its
    // data settles (focus then falls back to the page), so the keyboard goes back to it and tries again. The
    // chooser is awaited from before the first Enter: Playwright intercepts choosers only once somebody waits
    // for one, and a chooser that opened unintercepted would stay open and swallow the later tries.
    const chooserOpened = page.waitForEvent('filechooser', { timeout: 30_000 }).catch(() => null);
    let opened = false;
    for (let attempt = 0; attempt < 3 && !opened; attempt++) {
      await tabTo(page, choose);
      await page.keyboard.press('Enter');
      opened = await Promise.race([
        chooserOpened.then((chooser) => chooser !== null),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
      ]);
    }
    const chooser = await chooserOpened;
    if (!opened || !chooser) throw new Error('Enter auf „Dateien auswählen“ öffnete keine Dateiauswahl');
    await chooser.setFiles([
      { name: 'loesung.jpg', mimeType: 'image/jpeg', buffer: await photo(800, 1000, 3) },
    ]);
    const submit = page.getByRole('button', { name: '1 Datei abgeben' });
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const receipt = page.getByRole('region', { name: 'Abgabe erhalten' });
    await receipt.waitFor({ timeout: 30_000 });
    await expect.poll(() => receipt.getByText('loesung.jpg', { exact: false }).isVisible()).toBe(true);
    await page.context().close();
  });
});
