// `pnpm bench`: how fast the teacher's own pages arrive on a phone. The built app with its demo teacher
// (signed in once through /login; the session cookie is then given to every fresh browser context), at
// 360×740 with a mobile user agent, three ways per page:
// - cold: a fresh context (empty cache, no service worker) under "Slow 4G" as the paint targets define it
//   (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) and the CPU 4× slower;
// - warm: the same page again in that context (cached assets, service worker installed), same throttling;
// - fast: a fresh context without any throttling.
// For each: the largest contentful paint and the moment the page's own data is on screen (a text only the
// server's answer brings: the class name, a task title, a student's name), the JavaScript that arrived before
// that moment (gzip -9 of each file, what a browser without brotli receives) and the requests on the way.
// Targets: largest paint and data ≤ 2000 ms cold, ≤ 1000 ms warm, ≤ 400 ms fast; JavaScript before the first
// paint of /classes ≤ 120 kB gzip. Median of BENCH_PAINT_RUNS (3). Not a timed test.
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { demoLogin, sessionApi, signIn } from '../e2e/helpers/accounts';
import { launchBrowser } from '../e2e/helpers/browser';
import { MOBILE } from '../e2e/helpers/bundle';
import { removeDir, startServer } from '../e2e/helpers/server';
import { median, ms } from './figures';

const RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 3);
/** BENCH_PAINT_WATERFALL=1 prints the first cold and warm run's requests: start → end (ms), type, path. */
const WATERFALL = process.env.BENCH_PAINT_WATERFALL === '1';
const ONLY = process.env.BENCH_PAGES?.split(',');
const TARGETS = { cold: 2000, warm: 1000, fast: 400, classesJsGzip: 120_000 } as const;

const THROTTLED = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
  connectionType: 'cellular4g',
} as const;
const CPU_SLOWDOWN = 4;

type Mode = 'cold' | 'warm' | 'fast';

interface InPage {
  lcp: number | null;
  data: number | null;
}

interface Run {
  lcp: number | null;
  data: number | null;
  /** Scripts fetched before the data was on screen. */
  scripts: string[];
  requests: string[];
}

/** Runs in the page before its own code: the LCP candidates and the first frame that shows `marker`. */
function instrument(marker: string) {
  const state: InPage = { lcp: null, data: null };
  (window as unknown as { __teacher: InPage }).__teacher = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (state.data !== null || !document.body?.textContent?.includes(marker)) return;
    observer.disconnect();
    // On screen with the next frame.
    requestAnimationFrame(() => (state.data = performance.now()));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

async function measure(context: BrowserContext, url: string, marker: string, mode: Mode): Promise<Run> {
  await context.addInitScript({
    content: `var __name = (f) => f; (${instrument.toString()})(${JSON.stringify(marker)});`,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (mode !== 'fast') {
    await cdp.send('Network.emulateNetworkConditions', THROTTLED);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  const requests: Array<{ url: string; type: string; start: number; end?: number }> = [];
  const byId = new Map<string, (typeof requests)[number]>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const r = { url: e.request.url, type: e.type ?? '?', start: e.timestamp };
    byId.set(e.requestId, r);
    requests.push(r);
  });
  const finish = (e: { requestId: string; timestamp: number }) => {
    const r = byId.get(e.requestId);
    if (r) r.end = e.timestamp;
  };
  cdp.on('Network.loadingFinished', finish);
  cdp.on('Network.loadingFailed', finish);
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await page
      .waitForFunction(() => (window as unknown as { __teacher: InPage }).__teacher?.data !== null, null, {
        timeout: 60_000,
        polling: 100,
      })
      .catch(async (err: Error) => {
        const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 300));
        throw new Error(`${url}: „${marker}“ never on screen; the page shows: ${text}`, { cause: err });
      });
    // Late LCP candidates (a picture) come within a moment.
    await page.waitForTimeout(1500);
    const state = await page.evaluate(() => (window as unknown as { __teacher: InPage }).__teacher);
    const resources = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .map((e) => ({ name: e.name, end: e.responseEnd, type: e.initiatorType })),
    );
    const scripts = resources
      .filter((r) => r.name.endsWith('.js') && state.data !== null && r.end <= state.data)
      .map((r) => r.name);
    const first = Math.min(...requests.map((r) => r.start));
    const at = (t: number | undefined) => (t === undefined ? '…' : ((t - first) * 1000).toFixed(0));
    return {
      lcp: state.lcp,
      data: state.data,
      scripts: [...new Set(scripts)],
      requests: requests.map(
        (r) =>
          `${at(r.start).padStart(6)} → ${at(r.end).padStart(6)} ms  ${r.type.padEnd(10)} ${new URL(r.url).pathname}`,
      ),
    };
  } finally {
    await page.close();
  }
}

const gzipCache = new Map<string, number>();
async function gzipBytes(urls: string[]): Promise<number> {
  let sum = 0;
  for (const url of urls) {
    let size = gzipCache.get(url);
    if (size === undefined) {
      const body = Buffer.from(
        await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      );
      size = gzipSync(body, { level: 9 }).length;
      gzipCache.set(url, size);
    }
    sum += size;
  }
  return sum;
}

async function newContext(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  return browser.newContext({ locale: 'de-DE', ...MOBILE, isMobile: true, hasTouch: true, storageState });
}

const server = await startServer();
const browser = await launchBrowser();
let allMet = true;
try {
  const origin = server.url.replace('127.0.0.1', 'localhost');
  // Sign in once; every measured context starts with this cookie session.
  const login = await browser.newContext({ locale: 'de-DE' });
  const loginPage = await login.newPage();
  await signIn(loginPage, origin, demoLogin(server, 'Demo-Lehrkraft'));
  const api = sessionApi(loginPage);
  const classes = await api<Array<{ id: string; name: string }>>('GET', '/api/classes');
  const klass = classes[0]!;
  const tasks = await api<Array<{ id: string; title: string }>>('GET', `/api/tasks?classId=${klass.id}`);
  // The task with hand-ins (the demo's graded one), and one student's submission with files.
  type Row = { id: string; name: { first_name: string; last_name: string }; files: unknown[] };
  let found: { task: (typeof tasks)[number]; handedIn: Row } | null = null;
  for (const task of tasks) {
    const { data } = await api<{ data: Row[] }>('GET', `/api/submissions/getAll?taskId=${task.id}`);
    const handedIn = data.find((row) => row.files.length > 0);
    if (handedIn) {
      found = { task, handedIn };
      break;
    }
  }
  if (!found) throw new Error('Die Demo-Klasse hat keine Abgabe mit Dateien');
  const { task, handedIn } = found;
  const storageState = await login.storageState();
  await login.close();

  const taskPath = `/classes/${klass.id}/tasks/${task.id}`;
  const pages: Array<{ label: string; path: string; marker: string }> = [
    { label: '/classes', path: '/classes', marker: klass.name },
    { label: '/classes/{id}', path: `/classes/${klass.id}`, marker: task.title },
    { label: '/classes/{id}/tasks/{id}', path: taskPath, marker: handedIn.name.last_name },
    {
      label: 'grading page',
      path: `${taskPath}/submissions/${handedIn.id}`,
      marker: handedIn.name.last_name,
    },
  ];
  console.log(
    `Teacher pages at ${MOBILE.viewport.width}×${MOBILE.viewport.height}, signed in: cold and warm under ` +
      `${THROTTLED.latency} ms latency, ${(THROTTLED.downloadThroughput * 8) / 1e6} Mbit/s down, CPU ` +
      `${CPU_SLOWDOWN}× slower; fast = cold without throttling. ${RUNS} runs each; load average ` +
      `${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.`,
  );
  const summary: string[] = [];
  for (const { label, path, marker } of pages) {
    if (ONLY && !ONLY.some((only) => label.includes(only))) continue;
    const runs: Record<Mode, Run[]> = { cold: [], warm: [], fast: [] };
    for (let i = 0; i < RUNS; i++) {
      const context = await newContext(browser, storageState);
      try {
        runs.cold.push(await measure(context, origin + path, marker, 'cold'));
        runs.warm.push(await measure(context, origin + path, marker, 'warm'));
      } finally {
        await context.close();
      }
      const fast = await newContext(browser, storageState);
      try {
        runs.fast.push(await measure(fast, origin + path, marker, 'fast'));
      } finally {
        await fast.close();
      }
    }
    console.log(`\n${label}  (data: „${marker}“)`);
    const parts: string[] = [];
    for (const mode of ['cold', 'warm', 'fast'] as const) {
      const worst = runs[mode].map((r) =>
        r.lcp === null || r.data === null ? null : Math.max(r.lcp, r.data),
      );
      for (const [i, r] of runs[mode].entries())
        console.log(
          `  ${mode} run ${i + 1}: LCP ${ms(r.lcp)}, data on screen ${ms(r.data)}, ${r.scripts.length} scripts before`,
        );
      const m = median(worst);
      const met = m !== null && m <= TARGETS[mode];
      allMet &&= met;
      parts.push(`${mode} ${ms(m)} (≤ ${TARGETS[mode]}${met ? '' : ' ✗'})`);
    }
    const js = median(await Promise.all(runs.cold.map((r) => gzipBytes(r.scripts))))!;
    let jsNote = `JS before data ${(js / 1000).toFixed(1)} kB gzip`;
    if (label === '/classes') {
      const met = js <= TARGETS.classesJsGzip;
      allMet &&= met;
      jsNote += ` (≤ ${TARGETS.classesJsGzip / 1000}${met ? '' : ' ✗'})`;
    }
    if (WATERFALL)
      for (const mode of ['cold', 'warm'] as const) {
        console.log(`  ${mode} run 1 requests:`);
        for (const line of runs[mode][0]!.requests) console.log(`    ${line}`);
      }
    summary.push(`${label.padEnd(26)} ${parts.join(', ')}; ${jsNote}`);
  }
  console.log(
    `\nLargest paint and own data on screen (median, the later of the two):\n${summary.join('\n')}`,
  );
  console.log(`targets ${allMet ? 'met' : 'MISSED'}`);
} finally {
  await browser.close();
  await server.stop();
  removeDir(server.dataDir);
}
