// `pnpm bench`: how fast the public student pages paint on a phone over a slow mobile network. The built app
// serves a published task that takes uploads (a class of 25, a task description) at /submit/{taskId} and a
// handed-back submission at /feedback/{token}; each page is loaded cold (fresh browser context, empty cache)
// at 360×740 with a mobile user agent under Chrome DevTools' "Slow 4G" preset and 4× CPU slowdown, three
// times. Prints first contentful paint, largest contentful paint (and its element), when the page's scripts
// took over the server-rendered markup, and the JavaScript and CSS bytes transferred, each run and the
// median. Target: LCP ≤ 1000 ms on both pages (ADR 034). Not a timed test. lighthouse-paint.ts measures the
// same pages (seeded by public-pages.ts) with Lighthouse.
//
// The page's inner structure is not assumed beyond its title being visible: "takeover" is the moment the
// markup that came with the HTML inside #root is detached (replaced by the app), hidden, or hydrated by
// React; "n/a" when none of that happens (or the HTML brought no markup).
import { cpus, loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/helpers/browser';
import { MOBILE } from '../e2e/helpers/bundle';
import { removeDir, startServer } from '../e2e/helpers/server';
import { seedPublicPages } from './public-pages';
import { median, ms } from './figures';

const RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 3);
/** BENCH_PAINT_WATERFALL=1 also prints every request of each run: start → finish (ms after the first), size. */
const WATERFALL = process.env.BENCH_PAINT_WATERFALL === '1';
const LCP_TARGET_MS = 1000;

/** Chrome DevTools' "Slow 4G" preset, exactly as DevTools sends it (its 0.9 is the packet overhead). */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: ((1.44 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((675 * 1000) / 8) * 0.9,
  connectionType: 'cellular4g',
} as const;
const CPU_SLOWDOWN = 4;
const DEVICE_SCALE_FACTOR = 2;

/**
 * Settled: no request in flight and no new LCP candidate for this long (a pause in the network alone, as
 * Playwright's "networkidle" sees it, also happens while the slowed CPU compiles a script), and the takeover
 * seen or not coming (scripts loaded and still nothing after TAKEOVER_GRACE_MS).
 */
const QUIET_MS = 2000;
const TAKEOVER_GRACE_MS = 5000;
const SETTLE_LIMIT_MS = 60_000;

interface LcpCandidate {
  time: number;
  size: number;
  element: string;
}

interface InPage {
  lcp: LcpCandidate[];
  takeover: { time: number; kind: 'replaced' | 'hidden' | 'hydrated' } | null;
  /** Nodes of #root as parsed from the HTML (0: nothing rendered on the server). */
  ssrNodes: number;
}

/** A request of the page as CDP reports it; timestamps in seconds. */
interface PageRequest {
  url: string;
  type: string;
  start: number;
  end?: number;
  size?: number;
}

interface Run {
  fcp: number | null;
  lcp: number | null;
  lcpElement: string;
  /** The largest paint before the takeover: what the server's markup alone achieved. */
  lcpBefore: number | null;
  lcpBeforeElement: string;
  takeover: number | null;
  takeoverKind: string;
  waterfall: string[];
  jsBytes: number;
  cssBytes: number;
  docBytes: number;
  jsFiles: number;
  cssFiles: number;
}

/**
 * Runs in the page before any of its own code: records every LCP candidate (with its element described at
 * once, since a replaced element is gone later) and the takeover of the server-rendered markup.
 */
function instrument() {
  const state: InPage = { lcp: [], takeover: null, ssrNodes: 0 };
  (window as unknown as { __paint: InPage }).__paint = state;

  const describe = (entry: PerformanceEntry & { element?: Element | null; url?: string }) => {
    const el = entry.element;
    if (!el) return entry.url ? `img ${entry.url.split('/').pop() ?? ''}` : '(element gone)';
    const tag = el.tagName.toLowerCase();
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const snippet = text.length > 50 ? `${text.slice(0, 50)}…` : text;
    return `<${tag}${cls}>${snippet ? ` "${snippet}"` : entry.url ? ` ${entry.url.split('/').pop() ?? ''}` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { size: number }>) {
      state.lcp.push({ time: entry.startTime, size: entry.size, element: describe(entry) });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });

  // When the parser has finished (readyState "interactive") the deferred and module scripts have not run
  // yet: what #root holds then came with the HTML.
  let ssr: Node[] = [];
  const done = (kind: NonNullable<InPage['takeover']>['kind']) => {
    if (state.takeover) return;
    state.takeover = { time: performance.now(), kind };
    observer.disconnect();
  };
  const hydrated = () => ssr.some((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')));
  const hidden = (node: Node) =>
    node instanceof HTMLElement && (node.hidden || node.style.display === 'none');
  const observer = new MutationObserver(() => {
    if (ssr.some((node) => !node.isConnected)) done('replaced');
    else if (ssr.some(hidden)) done('hidden');
    else if (hydrated()) done('hydrated');
  });
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const root = document.getElementById('root');
    // What shows: elements other than style and script, and text.
    const shown = (n: Node) =>
      n.nodeType === Node.ELEMENT_NODE
        ? !['STYLE', 'SCRIPT', 'LINK', 'TEMPLATE', 'NOSCRIPT'].includes((n as Element).tagName)
        : n.nodeType === Node.TEXT_NODE && Boolean(n.textContent?.trim());
    ssr = root ? Array.from(root.childNodes).filter(shown) : [];
    state.ssrNodes = ssr.length;
    if (!root || ssr.length === 0) return;
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    // Hydration may keep the DOM as it is: look once per frame until the scripts have run.
    const poll = () => {
      if (state.takeover) return;
      if (hydrated()) done('hydrated');
      else if (performance.now() < 60_000) requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** One line per request (CDP timestamps are seconds), in the order they started. */
function waterfall(requests: Map<string, PageRequest>): string[] {
  const first = Math.min(...[...requests.values()].map((r) => r.start));
  const at = (t: number | undefined) => (t === undefined ? '…' : ((t - first) * 1000).toFixed(0));
  return [...requests.values()].map(
    (r) =>
      `${at(r.start).padStart(6)} → ${at(r.end).padStart(6)} ms  ${r.type.padEnd(10)} ` +
      `${r.size === undefined ? '' : kb(r.size).padStart(8)}  ${new URL(r.url).pathname}`,
  );
}

async function measure(browser: Browser, url: string, title: string): Promise<Run> {
  const context = await browser.newContext({
    locale: 'de-DE',
    ...MOBILE,
    deviceScaleFactor: DEVICE_SCALE_FACTOR,
    isMobile: true,
    hasTouch: true,
  });
  try {
    // tsx compiles with esbuild's keepNames, which wraps inner functions in `__name(…)`: defined here,
    // since the function's source runs in the page without tsx's helpers.
    await context.addInitScript({ content: `var __name = (f) => f; (${instrument.toString()})();` });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    // Bytes as DevTools' "Transferred": encoded body plus headers, per resource type.
    const bytes = { Script: [0, 0], Stylesheet: [0, 0], Document: [0, 0] } as Record<
      string,
      [number, number]
    >;
    const requests = new Map<string, PageRequest>();
    cdp.on('Network.requestWillBeSent', (e) =>
      requests.set(e.requestId, { url: e.request.url, type: e.type ?? '?', start: e.timestamp }),
    );
    cdp.on('Network.loadingFailed', (e) => {
      const request = requests.get(e.requestId);
      if (request) request.end = e.timestamp;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const request = requests.get(e.requestId);
      if (request) Object.assign(request, { end: e.timestamp, size: e.encodedDataLength });
      const sum = request && bytes[request.type];
      if (!sum) return;
      sum[0] += e.encodedDataLength;
      sum[1] += 1;
    });

    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page
      .getByText(title, { exact: true })
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 })
      .catch(async (err: Error) => {
        const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 300));
        throw new Error(`${url}: title „${title}“ not visible; the page shows: ${text}`, { cause: err });
      });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const read = () => page.evaluate(() => (window as unknown as { __paint: InPage }).__paint);
    // Streams (server-sent events) never finish: not counted as in flight.
    const inFlight = () =>
      [...requests.values()].some(
        (r) => r.end === undefined && !['EventSource', 'WebSocket'].includes(r.type),
      );
    const idleSince = Date.now();
    const limit = idleSince + SETTLE_LIMIT_MS;
    let state = await read();
    let quietSince = Date.now();
    let candidates = state.lcp.length;
    while (Date.now() < limit) {
      await page.waitForTimeout(250);
      state = await read();
      if (inFlight() || state.lcp.length !== candidates) {
        quietSince = Date.now();
        candidates = state.lcp.length;
      }
      const takeoverDone =
        state.takeover || state.ssrNodes === 0 || Date.now() - idleSince > TAKEOVER_GRACE_MS;
      if (takeoverDone && Date.now() - quietSince >= QUIET_MS) break;
    }
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    // The LCP is the last (largest) candidate reported before the page settled.
    const lcp = state.lcp.at(-1);
    const takeover = state.takeover?.time ?? Infinity;
    const before = state.lcp.filter((c) => c.time < takeover).at(-1);
    const describe = (c: LcpCandidate | undefined) =>
      c ? `${c.element} (${Math.round(c.size)} px²)` : 'none';
    return {
      fcp,
      lcp: lcp?.time ?? null,
      lcpElement: describe(lcp),
      lcpBefore: before?.time ?? null,
      lcpBeforeElement: describe(before),
      takeover: state.takeover?.time ?? null,
      takeoverKind: state.takeover?.kind ?? (state.ssrNodes ? 'not seen' : 'no server markup'),
      jsBytes: bytes.Script![0],
      jsFiles: bytes.Script![1],
      cssBytes: bytes.Stylesheet![0],
      cssFiles: bytes.Stylesheet![1],
      docBytes: bytes.Document![0],
      waterfall: waterfall(requests),
    };
  } finally {
    await context.close();
  }
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const origin = server.url.replace('127.0.0.1', 'localhost');
  const { title, taskId, feedbackToken } = await seedPublicPages(origin);
  console.log(
    `Cold loads at ${MOBILE.viewport.width}×${MOBILE.viewport.height} (DPR ${DEVICE_SCALE_FACTOR}, mobile UA), ` +
      `"Slow 4G" (${SLOW_4G.latency} ms, ${(SLOW_4G.downloadThroughput / 1000).toFixed(0)} kB/s down, ` +
      `${(SLOW_4G.uploadThroughput / 1000).toFixed(1)} kB/s up), CPU ${CPU_SLOWDOWN}× slower; ${RUNS} runs per page; ` +
      `this machine's load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  const summaries: string[] = [];
  for (const [label, path] of [
    ['/submit/{taskId}', `/submit/${taskId}`],
    ['/feedback/{token}', `/feedback/${feedbackToken}`],
  ] as const) {
    console.log(`\n${label}`);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await measure(browser, origin + path, title);
      runs.push(run);
      console.log(
        `  run ${i + 1}: FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, takeover ${ms(run.takeover)} (${run.takeoverKind}), ` +
          `JS ${kb(run.jsBytes)} in ${run.jsFiles} files, CSS ${kb(run.cssBytes)} in ${run.cssFiles}, ` +
          `HTML ${kb(run.docBytes)}\n         LCP element: ${run.lcpElement}` +
          (run.takeover !== null && run.lcp !== run.lcpBefore
            ? `\n         largest paint before the takeover: ${ms(run.lcpBefore)} ${run.lcpBeforeElement}`
            : ''),
      );
      if (WATERFALL) for (const line of run.waterfall) console.log(`         ${line}`);
    }
    const m = {
      fcp: median(runs.map((r) => r.fcp)),
      lcp: median(runs.map((r) => r.lcp)),
      takeover: median(runs.map((r) => r.takeover)),
      js: median(runs.map((r) => r.jsBytes))!,
      css: median(runs.map((r) => r.cssBytes))!,
    };
    console.log(
      `  median: FCP ${ms(m.fcp)}, LCP ${ms(m.lcp)}, takeover ${ms(m.takeover)}, JS ${kb(m.js)}, CSS ${kb(m.css)}`,
    );
    const target =
      m.lcp !== null ? ` (target ≤ ${LCP_TARGET_MS} ms: ${m.lcp <= LCP_TARGET_MS ? 'met' : 'missed'})` : '';
    summaries.push(
      `${label.padEnd(18)} LCP ${ms(m.lcp)}${target}, FCP ${ms(m.fcp)}, takeover ${ms(m.takeover)}, ` +
        `JS ${kb(m.js)}, CSS ${kb(m.css)} transferred (median of ${RUNS})`,
    );
  }
  console.log(`\n${summaries.join('\n')}`);
} finally {
  await browser.close();
  await server.stop();
  removeDir(server.dataDir);
}
