import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/**
 * The JavaScript a page loads until the network is idle: every script response, gzipped at level 9 (the
 * `.gz` copy the server sends a browser that accepts gzip but not brotli), and the bytes that actually
 * crossed the wire (Chromium accepts brotli). `extraWaitMs` catches chunks requested right after the first
 * idle moment.
 */
export async function routeJs(
  browser: Browser,
  url: string,
  options: { viewport?: { width: number; height: number }; userAgent?: string; extraWaitMs?: number } = {},
): Promise<{
  files: Array<{ url: string; gzipBytes: number; wireBytes: number }>;
  gzipBytes: number;
  wireBytes: number;
}> {
  const context = await browser.newContext({
    locale: 'de-DE',
    viewport: options.viewport,
    userAgent: options.userAgent,
  });
  try {
    const page = await context.newPage();
    const pending: Array<Promise<void>> = [];
    const scripts = new Map<string, { gzipBytes: number; wireBytes: number }>();
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        Promise.all([res.body(), res.request().sizes()])
          .then(([body, sizes]) => {
            scripts.set(res.url(), {
              gzipBytes: gzipSync(body, { level: 9 }).length,
              wireBytes: sizes.responseBodySize,
            });
          })
          .catch(() => undefined),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(options.extraWaitMs ?? 300);
    await Promise.all(pending);
    const files = [...scripts].map(([u, sizes]) => ({ url: u, ...sizes }));
    return {
      files,
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      wireBytes: files.reduce((sum, f) => sum + f.wireBytes, 0),
    };
  } finally {
    await context.close();
  }
}

export const MOBILE = {
  viewport: { width: 360, height: 740 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; Pixel 6a) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
};

/** "148.2 kB (144.7 KiB)": budgets are in kB (1000 bytes); KiB beside it for comparison with older notes. */
export const formatBytes = (bytes: number) =>
  `${(bytes / 1000).toFixed(1)} kB (${(bytes / 1024).toFixed(1)} KiB)`;
