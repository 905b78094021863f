// `pnpm bench`: the gzipped JavaScript the public /feedback/{token} page loads on a phone (target ≤ 100 kB, the
// e2e ratchet 90 kB; ADR 034): a handed-back submission of the paint benches' seed (public-pages.ts), whose
// task has no formulas (a page with formulas loads KaTeX's chunk, ~75 kB more).
import { launchBrowser } from '../e2e/helpers/browser';
import { formatBytes, MOBILE, routeJs } from '../e2e/helpers/bundle';
import { removeDir, startServer } from '../e2e/helpers/server';
import { seedPublicPages } from './public-pages';

const TARGET_KB = 100;

const server = await startServer();
const browser = await launchBrowser();
try {
  const { feedbackToken } = await seedPublicPages(server.url);
  const js = await routeJs(browser, `${server.url}/feedback/${feedbackToken}`, MOBILE);
  for (const file of js.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`  ${(file.gzipBytes / 1000).toFixed(1).padStart(6)} kB  ${file.url.split('/').pop() ?? ''}`);
  }
  const met = js.gzipBytes <= TARGET_KB * 1000 ? 'met' : 'missed';
  console.log(
    `/feedback route JS: ${js.files.length} files, ${formatBytes(js.gzipBytes)} gzipped ` +
      `(target ≤ ${TARGET_KB} kB: ${met}; e2e budget 90 kB, ADR 034), ` +
      `${formatBytes(js.wireBytes)} over the wire (brotli)`,
  );
} finally {
  await browser.close();
  await server.stop();
  removeDir(server.dataDir);
}
