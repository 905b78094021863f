import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/**
 * The JavaScript a page loads until the network is idle: every script response, gzipped (what a phone on a
 * slow network pays). `extraWaitMs` catches chunks requested right after the first idle moment.
 */
export async function routeJs(
  browser: Browser,
  url: string,
  options: { viewport?: { width: number; height: number }; userAgent?: string; extraWaitMs?: number } = {},
): Promise<{ files: Array<{ url: string; gzipBytes: number }>; gzipBytes: number }> {
  const context = await browser.newContext({
    locale: 'de-DE',
    viewport: options.viewport,
    userAgent: options.userAgent,
  });
  try {
    const page = await context.newPage();
    const pending: Array<Promise<void>> = [];
    const scripts = new Map<string, number>();
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        res
          .body()
          .then((body) => void scripts.set(res.url(), gzipSync(body).length))
          .catch(() => undefined),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(options.extraWaitMs ?? 300);
    await Promise.all(pending);
    const files = [...scripts].map(([u, gzipBytes]) => ({ url: u, gzipBytes }));
    return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
  } finally {
    await context.close();
  }
}

export const MOBILE = {
  viewport: { width: 360, height: 740 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; Pixel 6a) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
};
