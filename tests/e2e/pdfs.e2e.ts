import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * The task page's "Arbeitsblätter drucken" in real Chromium against the built app: the demo teacher downloads
 * the worksheets of class 7b (PRODUCT.md §4 PDF-Vorlagen), one page set per student with their name.
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
});
