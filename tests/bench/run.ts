// `pnpm bench`: prints start-up, latency and bundle figures of the built app. Not a timed test.
import { launchBrowser } from '../e2e/helpers/browser';
import { formatBytes, routeJs } from '../e2e/helpers/bundle';
import { removeDir, startServer } from '../e2e/helpers/server';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function coldStart() {
  const t0 = performance.now();
  const first = await startServer();
  const fresh = performance.now() - t0;
  await first.stop();
  const t1 = performance.now();
  const second = await startServer({ dataDir: first.dataDir });
  const warm = performance.now() - t1;
  return { server: second, fresh, warm };
}

async function latency(url: string, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

const { server, fresh, warm } = await coldStart();
try {
  console.log(`cold start, empty DATA_DIR (spawn → /api/health 200): ${fresh.toFixed(0)} ms`);
  console.log(`restart on the same DATA_DIR:                          ${warm.toFixed(0)} ms`);
  for (const path of ['/api/health', '/api/config', '/']) {
    const l = await latency(server.url + path, 500);
    console.log(
      `GET ${path.padEnd(12)} 500 sequential: p50 ${l.p50.toFixed(2)} ms, p95 ${l.p95.toFixed(2)} ms, p99 ${l.p99.toFixed(2)} ms`,
    );
  }
  const browser = await launchBrowser();
  try {
    const js = await routeJs(browser, server.url + '/');
    console.log(
      `home route initial JS: ${js.files.length} files, ${formatBytes(js.gzipBytes)} gzipped, ` +
        `${formatBytes(js.wireBytes)} over the wire`,
    );
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
  removeDir(server.dataDir);
}
