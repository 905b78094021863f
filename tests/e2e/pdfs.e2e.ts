import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/** The names of a ZIP's entries, read with an independent unzip library. */
function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * The task page's printable PDFs in real Chromium against the built app (PRODUCT.md §4 PDF-Vorlagen): the demo
 * teacher downloads the worksheets of class 7b, one page set per student with their name, and exports the
 * feedback sheets of the graded task as a ZIP, watching the progress bar.
 */
describe('Printing worksheets from the task page', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const shots = process.env.PDFS_SCREENSHOTS;
  const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

  async function screenshot(name: string) {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    for (const width of [360, 768, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      // The print card sits at the end of a long page on narrow screens: show it, not the page's top.
      await page.getByRole('region', { name: 'Drucken' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `${name}-${String(width)}.png`) });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } }));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('downloads one worksheet per student of the class', async () => {
    await page.goto(`${server.url}/demo`);
    await page.getByRole('button', { name: 'Demo starten' }).click();
    await page.waitForURL('**/classes');
    await page.getByRole('link', { name: /7b/ }).first().click();
    await page
      .getByRole('link', { name: /Lineare Gleichungen lösen/ })
      .first()
      .click();
    await page.waitForURL(/\/tasks\/[A-Za-z0-9_-]+$/);
    const button = page.getByRole('button', { name: 'Arbeitsblätter drucken' });
    await poll(() => button.isVisible()).toBe(true);
    await screenshot('task');

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^Arbeitsblatt .*\.pdf$/);
    const file = await download.path();
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
    expect(text).toContain('Lea Bauer');
    expect(text).toContain('Karl Vogel');
    expect(text).toContain('Seite 1/');
    await poll(() => page.getByText(/wurde heruntergeladen/).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('exports the feedback sheets as a ZIP with one PDF per graded student', async () => {
    const box = page.getByRole('region', { name: 'Feedbackbögen exportieren' });
    await box.getByRole('radio', { name: 'ZIP (ein PDF pro Schüler)' }).check();
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await box.getByRole('button', { name: 'Feedbackbögen exportieren' }).click();
    const bar = box.getByRole('progressbar', { name: 'Fortschritt des Exports' });
    await poll(() => bar.isVisible()).toBe(true);
    expect(Number(await bar.getAttribute('aria-valuemax'))).toBeGreaterThan(0);

    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Feedbackbögen Lineare Gleichungen lösen.zip');
    const entries = await zipEntries(await download.path());
    expect(entries.length).toBeGreaterThan(1);
    expect(entries).toContain('Lea Bauer.pdf');
    expect(entries.every((name) => name.endsWith('.pdf'))).toBe(true);
    await poll(() => box.getByText('Der Export ist fertig.').isVisible()).toBe(true);
    await screenshot('task-export');
    // The link downloads the same file again.
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      box.getByRole('button', { name: /erneut herunterladen/ }).click(),
    ]);
    expect(again.suggestedFilename()).toBe(download.suggestedFilename());
    expect(errors).toEqual([]);
  });

  it('downloads the feedback sheet from the grading page', async () => {
    await page
      .locator('[data-testid=submission-row][data-student="Lea Bauer"] a[href*="/submissions/"]')
      .first()
      .click();
    await page.waitForURL(/\/submissions\/[A-Za-z0-9_-]+$/);
    const button = page.getByRole('button', { name: 'Feedbackbogen (PDF)' });
    await poll(() => button.isVisible()).toBe(true);
    if (shots) {
      for (const width of [360, 768, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(shots, `grading-${String(width)}.png`) });
      }
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^Feedbackbogen .*Lea Bauer\.pdf$/);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await download.path(), '-']).toString('utf8');
    expect(text).toContain('Name: Lea Bauer');
    // Lea's grading is handed back: the sheet is the version her feedback link shows.
    expect(text).toContain('Stand der Rückgabe vom');
    expect(text).not.toContain('Entwurf');
    expect(errors).toEqual([]);
  });
});
