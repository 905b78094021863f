import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * The demo as a visitor finds it (DEMO=1, the default): /demo says what is there, one click signs in, and
 * class 7b, its corrected hand-ins with the AI's suggestions beside photos of handwritten solutions, and a
 * handed-back feedback link (opened without an account) are all there. Screenshots of the demo class, task
 * and grading page at three widths go to DEMO_SCREENSHOTS when set.
 */
describe('The demo, in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let page: Page;
  let errors: string[];
  const shots = process.env.DEMO_SCREENSHOTS;
  const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });
  let promised: { students: number; submissions: number; handedBack: number };
  let classPath = '';
  let taskPath = '';
  let gradingPath = '';

  async function screenshot(name: string) {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    for (const width of [360, 768, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(shots, `${name}-${String(width)}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  beforeAll(async () => {
    server = await startServer();
    origin = server.url;
    browser = await launchBrowser();
    ({ page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } }));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('seeded the demo at the first start and logged how long it took', () => {
    const match = /"ms":(\d+),"cpuMs":(\d+)[^\n]*Demo-Inhalte angelegt/.exec(server.output());
    expect(match, server.output()).not.toBeNull();
    console.info(`Demo seeding at the first start: ${match![1]} ms (CPU ${match![2]} ms)`);
  });

  it('/demo says what the demo holds; one click signs in', async () => {
    await page.goto(`${origin}/demo`);
    const list = page.getByRole('list', { name: /Darin ist schon angelegt/ });
    await poll(() => list.isVisible()).toBe(true);
    const text = (await list.textContent()) ?? '';
    const number = (re: RegExp) => Number(re.exec(text)?.[1]);
    promised = {
      students: number(/Klasse 7b und (\d+) Schülern/),
      submissions: number(/(\d+) Abgaben als Fotos/),
      handedBack: number(/(\d+) zurückgegebene Abgaben/),
    };
    expect(promised).toEqual({ students: 24, submissions: 20, handedBack: 2 });
    await page.getByRole('button', { name: 'Demo starten' }).click();
    await page.waitForURL('**/classes');
  });

  it('shows class 7b with as many students as promised', async () => {
    await page.getByRole('link', { name: /7b/ }).first().click();
    await page.waitForURL(/\/classes\/[A-Za-z0-9_-]+$/);
    classPath = new URL(page.url()).pathname;
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('7b');
    // The students are listed by name (decrypted for their teacher).
    await poll(() => page.getByText('Lea Bauer').first().isVisible()).toBe(true);
    await poll(() => page.getByText('Karl Vogel').first().isVisible()).toBe(true);
    const students = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return ((await res.json()) as unknown[]).length;
    }, `/api${classPath}/students`);
    expect(students).toBe(promised.students);
    await poll(() => page.getByText('Lineare Gleichungen lösen').first().isVisible()).toBe(true);
    await poll(() => page.getByText('Terme vereinfachen').first().isVisible()).toBe(true);
    await poll(() => page.getByText('Prozentrechnung im Alltag').first().isVisible()).toBe(true);
    await screenshot('class');
  });

  it('shows the task with corrected and handed-back hand-ins', async () => {
    await page
      .getByRole('link', { name: /Lineare Gleichungen lösen/ })
      .first()
      .click();
    await page.waitForURL(/\/tasks\/[A-Za-z0-9_-]+$/);
    taskPath = new URL(page.url()).pathname;
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(
      'Lineare Gleichungen lösen',
    );
    const statuses = page.getByRole('table', { name: 'Abgaben der Schüler' }).locator('[data-status]');
    await poll(() => statuses.count()).toBeGreaterThanOrEqual(promised.students);
    const all = await statuses.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')));
    expect(all.filter((s) => s === 'ausgeteilt')).toHaveLength(promised.handedBack);
    expect(all.filter((s) => s !== 'offen')).toHaveLength(promised.submissions);
    await screenshot('task');
  });

  it('shows the AI suggestions on a grading page beside the photo of the handwritten solution', async () => {
    await page.getByRole('link', { name: 'Abgabe von Mia Krüger bewerten' }).click();
    await page.waitForURL(/\/submissions\/[A-Za-z0-9_-]+$/);
    gradingPath = new URL(page.url()).pathname;
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Bewertung: Mia Krüger');
    await poll(() => page.getByText('KI-Vorschlag', { exact: true }).first().isVisible()).toBe(true);
    const photo = page.locator('img[src*="/api/files/"]').first();
    await poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(500);
    await screenshot('grading');
  });

  it('shows a teacher-corrected score beside the AI original', async () => {
    await page.goto(`${origin}${taskPath}`);
    await page.getByRole('link', { name: 'Abgabe von Finn Schröder bewerten' }).click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Bewertung: Finn Schröder');
    await poll(() => page.getByText('Von dir bewertet').first().isVisible()).toBe(true);
    await poll(() =>
      page
        .getByText(/^KI-Vorschlag war: /)
        .first()
        .isVisible(),
    ).toBe(true);
  });

  it('opens a feedback link without an account', async () => {
    const submissionId = await page.evaluate(
      async (url) => {
        const res = await fetch(url);
        const body = (await res.json()) as { data: Array<{ id: string; status: string }> };
        return body.data.find((s) => s.status === 'ausgeteilt')!.id;
      },
      `/api/submissions/getAll?taskId=${taskPath.split('/').pop()!}`,
    );
    const feedbackUrl = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return ((await res.json()) as { submission: { feedback_url: string } }).submission.feedback_url;
    }, `/api/feedback/${submissionId}`);
    const link = new URL(feedbackUrl);
    // A fresh context: no cookies, no session.
    const student = await openPage(browser);
    await student.page.goto(`${origin}${link.pathname}`);
    await poll(() => student.page.getByText('Lineare Gleichungen lösen').first().isVisible()).toBe(true);
    const photo = student.page.locator('img[src*="/api/feedback-link/"]').first();
    await poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(500);
    expect(await student.page.context().cookies()).toEqual([]);
    expect(student.errors).toEqual([]);
    await student.page.context().close();
    expect(gradingPath).not.toBe('');
    expect(classPath).not.toBe('');
    expect(errors).toEqual([]);
  });
});
