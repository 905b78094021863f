import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';
import { coverCode, pageCode, scanPages, stackOf } from './helpers/worksheets';

/**
 * A scanned stack comes back (PRODUCT.md §4 "Scans zuordnen"): the teacher prints one worksheet per student,
 * the students write on them, the copier scans the pile into one PDF. One page lost its code (a sticker on
 * the corner). On /submissions/add the codes assign every other page, the covered one waits as a best guess
 * that one Enter confirms, and the task page lists every student with their pages.
 */
describe('Reading a scanned stack of printed worksheets', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let token: string;
  let taskId: string;
  let classId: string;
  let page: Page;
  let errors: string[];
  const shots = process.env.SCANS_SCREENSHOTS;

  async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(origin + url, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  async function screenshot(name: string) {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    for (const width of [360, 768, 1366]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(shots, `${name}-${String(width)}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  beforeAll(async () => {
    server = await startServer();
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    const session = await fetch(`${origin}/api/demo/session`, { method: 'POST' });
    token = ((await session.json()) as { access_token: string }).access_token;

    const subject = await api<{ id: string }>('POST', '/api/subjects', { name: `Mathe ${Date.now()}` });
    classId = (
      await api<{ id: string }>('POST', '/api/classes', { name: '8s', grade: '8', subject_id: subject.id })
    ).id;
    await api('POST', '/api/createStudents', {
      class_id: classId,
      names: ['Greta Gans', 'Max Maier', 'Olga Ott'],
    });
    // Long enough for two pages per student.
    const paragraphs = Array.from({ length: 15 }, (_, i) => ({
      type: 'paragraph',
      content: [{ type: 'text', text: `Aufgabe ${i + 1}: ${'Rechne und begründe deinen Weg. '.repeat(8)}` }],
    }));
    taskId = (
      await api<{ id: string }>('POST', '/api/tasks', {
        title: 'Terme vereinfachen',
        description: '',
        class_id: classId,
        due_date: null,
        status: 'published',
        data: { type: 'doc', content: paragraphs },
        feedback_template: null,
        allow_late_submissions: false,
      })
    ).id;
    ({ page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } }));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('assigns the pages by their codes and confirms the guess for the covered one with Enter', async () => {
    await page.goto(`${origin}/demo`);
    await page.getByRole('button', { name: 'Demo starten' }).click();
    await page.waitForURL('**/classes');

    // Print: one set of pages per student (two, or more should the layout change), in class-list order.
    await page.goto(`${origin}/classes/${classId}/tasks/${taskId}`);
    const print = page.getByRole('button', { name: 'Arbeitsblätter drucken' });
    await print.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), print.click()]);
    const scans = await scanPages(readFileSync(await download.path()));
    const perStudent = scans.length / 3;
    expect(Number.isInteger(perStudent) && perStudent >= 2).toBe(true);
    for (const scan of scans) expect(await pageCode(scan)).toMatch(/\/submit\/.+\?s=/);

    // The last page of Max's set comes back with a sticker over its code.
    const covered = 2 * perStudent - 1;
    scans[covered] = await coverCode(scans[covered]!);
    expect(await pageCode(scans[covered])).toBeNull();
    const stack = await stackOf(scans);

    await page.goto(`${origin}/classes/${classId}/tasks/${taskId}/submissions/add`);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Scans auswählen' }).click(),
    ]);
    await chooser.setFiles([{ name: 'kopierer.pdf', mimeType: 'application/pdf', buffer: stack }]);

    const pages = page.getByTestId('stack-page');
    await expect.poll(() => pages.count(), { timeout: 60_000 }).toBe(scans.length);
    const summary = page.getByRole('region', { name: 'Erkannt' });
    await summary.getByText(`${scans.length - 1} Seiten per QR-Code zugeordnet`).waitFor({ timeout: 30_000 });
    await summary.getByText('1 Seite ohne lesbaren Code').waitFor();
    await expect
      .poll(() => page.getByText('per QR-Code zugeordnet', { exact: true }).count())
      .toBe(scans.length - 1);
    // Thumbnails of the PDF pages, from the server.
    await expect
      .poll(() =>
        pages
          .first()
          .getByRole('img', { name: 'Vorschau von kopierer.pdf – Seite 1' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);

    // The best guess: the page between Max's first page and Olga's set is Max's.
    const queue = page.getByRole('region', { name: 'Zuordnung bestätigen' });
    await expect.poll(() => queue.getByTestId('scan-guess').textContent()).toBe('Max Maier');
    await queue.getByText(`Noch 1 Vorschlag · Seite ${covered + 1} des Stapels`).waitFor();
    await expect
      .poll(() =>
        queue
          .getByRole('img', { name: `Scan von kopierer.pdf – Seite ${covered + 1}` })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await screenshot('add');
    // After the upload the confirm button has the focus: one Enter.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^Bestätigen/);
    await page.keyboard.press('Enter');
    await queue.getByText('Alle Vorschläge sind bearbeitet.', { exact: true }).waitFor();
    await page.getByText('Alle Seiten sind zugeordnet.').waitFor();

    // The task page: every student with their pages.
    await page.goto(`${origin}/classes/${classId}/tasks/${taskId}`);
    for (const name of ['Greta Gans', 'Max Maier', 'Olga Ott']) {
      const row = page.locator(`[data-testid=submission-row][data-student="${name}"]`);
      await expect
        // The rows follow the last assignments a moment later; on a busy machine more than the default second.
        .poll(() => row.getByText(`${perStudent} Dateien`, { exact: false }).isVisible(), { timeout: 15_000 })
        .toBe(true);
    }
    const list = await api<{
      data: Array<{ name: { first_name: string }; files: Array<{ original_name: string }> }>;
    }>('GET', `/api/submissions/getAll?taskId=${taskId}`);
    const pagesOf = (first: string) =>
      list.data
        .find((e) => e.name.first_name === first)
        ?.files.map((f) => f.original_name)
        .sort();
    const set = (k: number) =>
      Array.from({ length: perStudent }, (_, i) => `kopierer.pdf – Seite ${k * perStudent + i + 1}`).sort();
    expect(pagesOf('Greta')).toEqual(set(0));
    expect(pagesOf('Max')).toEqual(set(1));
    expect(pagesOf('Olga')).toEqual(set(2));
    expect(errors).toEqual([]);
  });
});
