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

/**
 * The stylesheets a page's scripts added after its HTML arrived (ADR 034): every stylesheet the browser
 * requested and every `<link rel=stylesheet>` or `<style>` in the document once the network is idle that the
 * HTML of the response did not hold already. Lighthouse counts a stylesheet that a script adds before the first
 * paint as render-blocking; the public pages take all of theirs from the HTML (inlined or linked).
 */
export async function stylesheetsAddedByScript(
  browser: Browser,
  url: string,
  options: { viewport?: { width: number; height: number }; userAgent?: string } = {},
): Promise<{ inHtml: { links: string[]; styles: number }; added: string[] }> {
  const context = await browser.newContext({ locale: 'de-DE', ...options });
  try {
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'stylesheet') requested.push(new URL(req.url()).pathname);
    });
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const html = (await response?.text()) ?? '';
    const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(
      (m) => /\bhref="([^"]+)"/.exec(m[0])?.[1] ?? '',
    );
    const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!.trim());
    const inDocument = await page.evaluate(() => ({
      links: Array.from(
        document.querySelectorAll('link[rel="stylesheet"]'),
        (l) => new URL((l as HTMLLinkElement).href).pathname,
      ),
      styles: Array.from(document.querySelectorAll('style'), (s) => (s.textContent ?? '').trim()),
    }));
    const added = [
      ...[...requested, ...inDocument.links].filter((href) => !links.includes(href)),
      ...inDocument.styles
        .filter((text) => !styles.includes(text))
        .map((text) => `<style>${text.slice(0, 60)}…`),
    ];
    return { inHtml: { links, styles: styles.length }, added: [...new Set(added)] };
  } finally {
    await context.close();
  }
}
