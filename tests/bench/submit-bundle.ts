// `pnpm bench`: the gzipped JavaScript the public /submit/{taskId} page loads on a phone (budget 85 kB, ADR 012).
import { launchBrowser } from '../e2e/helpers/browser';
import { formatBytes, MOBILE, routeJs } from '../e2e/helpers/bundle';
import { removeDir, startServer } from '../e2e/helpers/server';

const server = await startServer();
const browser = await launchBrowser();
try {
  // An unknown task loads the same route chunks (the page then says the link points to no task).
  const js = await routeJs(browser, `${server.url}/submit/${'x'.repeat(21)}`, MOBILE);
  for (const file of js.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`  ${(file.gzipBytes / 1000).toFixed(1).padStart(6)} kB  ${file.url.split('/').pop() ?? ''}`);
  }
  console.log(
    `/submit route JS: ${js.files.length} files, ${formatBytes(js.gzipBytes)} gzipped (budget 85 kB, ADR 012), ` +
      `${formatBytes(js.wireBytes)} over the wire (brotli)`,
  );
} finally {
  await browser.close();
  await server.stop();
  removeDir(server.dataDir);
}
