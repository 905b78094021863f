import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, sessionApi, signIn } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * A teacher draws a TikZ picture in the task editor (the server renders the preview), saves and publishes the
 * task, and the public submit page shows the picture as SVG with the TeX fonts from this server. At 360, 768
 * and 1366 px nothing overflows; with E2E_SHOTS_DIR set, screenshots of the dialog and the page go there.
 */
const WIDTHS = [360, 768, 1366];
const SOURCE = [
  '\\begin{tikzpicture}',
  '  \\draw[->] (0,0) -- (3,0) node[right] {$x$};',
  '  \\draw[->] (0,0) -- (0,2) node[above] {$y$};',
  '  \\draw (0,0) circle (1) node[above right] {Kreis};',
  '\\end{tikzpicture}',
].join('\n');

describe('TikZ pictures in a task, from the editor to the submit page', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let page: Page;
  let errors: string[];
  let classId: string;
  let taskId: string;
  const shots = process.env.E2E_SHOTS_DIR;

  async function shot(name: string) {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  }

  async function noHorizontalOverflow() {
    return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  }

  /** The element that sticks out furthest to the right (for the failure message). */
  async function widest() {
    return page.evaluate(() => {
      let worst = '';
      let right = window.innerWidth;
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect().right;
        if (r > right) {
          right = r;
          worst = `${el.tagName.toLowerCase()}.${String(el.className)} ${Math.round(r)}`;
        }
      }
      return worst;
    });
  }

  beforeAll(async () => {
    server = await startServer();
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    ({ page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } }));
    await signIn(page, origin, demoLogin(server, 'Demo-Lehrkraft'), '/subjects');
    const api = sessionApi(page);
    const subject = await api<{ id: string }>('POST', '/api/subjects', { name: `Geometrie ${Date.now()}` });
    classId = (
      await api<{ id: string }>('POST', '/api/classes', { name: '8t', grade: '8', subject_id: subject.id })
    ).id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('adds a TikZ block with a live preview and saves it with the task', async () => {
    await page.goto(`${origin}/classes/${classId}`);
    await page.getByRole('link', { name: 'Neue Aufgabe' }).first().click();
    await page.waitForURL(/\/tasks\/new\//);
    await page.getByRole('textbox', { name: 'Aufgabentext' }).click();
    await page.keyboard.type('Zeichne den Kreis ab:');

    await page.getByRole('button', { name: 'TikZ-Grafik einfügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'TikZ-Grafik einfügen' });
    const input = dialog.getByRole('textbox', { name: 'TikZ-Code' });
    // A TeX error first: German message and TeX's own line.
    await input.fill('\\begin{tikzpicture}\\foo\\end{tikzpicture}');
    await expect
      .poll(() => dialog.getByText('TeX meldet: Undefined control sequence.').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await input.fill(SOURCE);
    const preview = dialog.getByRole('img', { name: 'TikZ-Grafik' });
    await expect.poll(() => preview.locator('svg path').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await preview.locator('svg').innerHTML()).toContain('Kreis');

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await shot(`dialog-${width}`);
      expect(await noHorizontalOverflow(), `${width} px: ${await widest()}`).toBe(true);
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    await dialog.getByRole('button', { name: 'Einfügen' }).click();
    const text = page.getByRole('textbox', { name: 'Aufgabentext' });
    await expect.poll(() => text.locator('[data-tikz] svg path').count()).toBeGreaterThan(0);
    await dialog.waitFor({ state: 'hidden' });
    // The title last: the form takes its start values once the page's data is there.
    const title = page.getByRole('textbox', { name: /^Titel/ });
    await title.fill('Koordinatensystem');
    await expect.poll(() => title.inputValue()).toBe('Koordinatensystem');
    await page.getByRole('button', { name: 'Aufgabe anlegen' }).click();
    await page.waitForURL(/\/classes\/[^/]+\/tasks\/[A-Za-z0-9_-]{21}$/).catch(async (error: unknown) => {
      await shot('save-failed');
      throw error;
    });
    taskId = page.url().split('/').pop()!;
    const content = page.getByRole('document', { name: 'Aufgabentext' });
    await expect.poll(() => content.locator('[data-tikz] svg path').count()).toBeGreaterThan(0);
    await sessionApi(page)('PATCH', `/api/tasks/${taskId}`, { status: 'published' });
    // The one failed request is the preview of the broken source (422), which the dialog showed.
    expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('shows the picture on the public submit page, with the fonts from this server only', async () => {
    const { page: student, errors: studentErrors } = await openPage(browser, {
      viewport: { width: 360, height: 800 },
    });
    const requests: string[] = [];
    student.on('request', (request) => requests.push(request.url()));
    page = student;
    await student.goto(`${origin}/submit/${taskId}`);
    const picture = student.getByRole('img', { name: 'TikZ-Grafik' });
    await expect.poll(() => picture.locator('svg path').count()).toBeGreaterThan(0);
    // The label's font is loaded from /api/render-tikz/fonts/ and nowhere else.
    await expect
      .poll(() => student.evaluate(() => document.fonts.check('10px cmr10')), { timeout: 10_000 })
      .toBe(true);
    expect(requests.some((url) => url.startsWith(`${origin}/api/render-tikz/fonts/cmr10.ttf`))).toBe(true);
    expect(requests.filter((url) => !url.startsWith(origin))).toEqual([]);
    for (const width of WIDTHS) {
      await student.setViewportSize({ width, height: 800 });
      await shot(`submit-${width}`);
      expect(await noHorizontalOverflow(), `${width} px: ${await widest()}`).toBe(true);
    }
    expect(studentErrors).toEqual([]);
  });
});
