// `pnpm bench`: the public student pages as Lighthouse measures them, beside public-paint.ts's own figures.
// Same app and seed (a published task with a class of 25 at /submit/{taskId}, a handed-back submission at
// /feedback/{token}); Lighthouse's default mobile config (its emulated phone: 412×823, DPR 1.75, mobile UA),
// performance category only, three cold runs per page (Lighthouse clears the cache and the origin's storage
// before each) in one headless Chromium that Lighthouse drives through its debugging port. Two throttling
// methods:
// - "simulate" (Lighthouse's default, what PageSpeed Insights reports): the page loads unthrottled, then
//   Lantern replays the observed requests and main-thread tasks under its Slow 4G (150 ms RTT, 1.6 Mbit/s
//   down, 750 kbit/s up) with every CPU task 4× longer. The CPU tasks are timed on this machine, so a loaded
//   or slow host inflates the result; Lighthouse's benchmark index (BI) tells how fast the host was (its docs
//   take ≥ ~1000 as a desktop-class machine, for which the 4× stands in for a mid-range phone).
// - "devtools": the page really loads under DevTools throttling (562.5 ms request latency = 150 ms RTT ×
//   3.75, 1.6 Mbit/s × 0.9 down) and 4× CPU slowdown, as public-paint.ts applies it.
// Prints FCP, LCP (its element and Lighthouse's breakdown), TBT, the resources Lighthouse holds as
// render-blocking and the performance score, each run and the median. Target: a "simulate" LCP ≤ 1000 ms on
// both pages (ADR 034). BENCH_PAGES=submit or feedback and BENCH_LIGHTHOUSE_METHODS=simulate measure less.
// Not a timed test.
import { cpus, loadavg } from 'node:os';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../e2e/helpers/browser';
import { freePort, removeDir, startServer } from '../e2e/helpers/server';
import { seedPublicPages } from './public-pages';
import { median, ms } from './figures';

const RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 3);
const LCP_TARGET_MS = 1000;
const ALL_METHODS = ['simulate', 'devtools'] as const;
/** BENCH_LIGHTHOUSE_METHODS=simulate (comma-separated) runs only those throttling methods. */
const METHODS = ALL_METHODS.filter((m) =>
  (process.env.BENCH_LIGHTHOUSE_METHODS ?? ALL_METHODS.join(',')).split(',').includes(m),
);
/** BENCH_PAGES=feedback (comma-separated: submit, feedback) measures only those pages. */
const PAGES = (process.env.BENCH_PAGES ?? 'submit,feedback').split(',');

interface Run {
  fcp: number | null;
  lcp: number | null;
  lcpElement: string;
  /** Lighthouse's LCP breakdown: TTFB, load delay, load time, render delay. */
  lcpPhases: string;
  tbt: number | null;
  /** What the trace showed before any simulation (with "simulate": the unthrottled load on loopback). */
  observedFcp: number | null;
  observedLcp: number | null;
  /** Resources Lighthouse holds responsible for delaying the first paint. */
  renderBlocking: string;
  /** 0–100. */
  score: number | null;
  benchmarkIndex: number;
  warnings: string[];
}

const score = (v: number | null) => (v === null ? 'n/a' : v.toFixed(0));

/** The LCP element and its phases from the `largest-contentful-paint-element` audit's two tables. */
function lcpDetails(lhr: Result): { element: string; phases: string } {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { type: string; items?: Array<{ type: string; items?: Array<Record<string, unknown>> }> } | undefined;
  const tables = details?.type === 'list' ? (details.items ?? []) : [];
  const node = tables[0]?.items?.[0]?.node as { nodeLabel?: string; snippet?: string } | undefined;
  const element = node
    ? `${node.snippet ?? ''}${node.nodeLabel ? ` "${node.nodeLabel.replace(/\s+/g, ' ').slice(0, 50)}"` : ''}`
    : 'n/a';
  const phases = (tables[1]?.items ?? [])
    .map((row) => `${String(row.phase)} ${ms(typeof row.timing === 'number' ? row.timing : null)}`)
    .join(', ');
  return { element, phases: phases || 'n/a' };
}

async function audit(url: string, port: number, method: (typeof ALL_METHODS)[number]): Promise<Run> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    throttlingMethod: method,
  };
  // No config: Lighthouse's default one (mobile form factor, screen emulation and Slow 4G throttling).
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`${url}: Lighthouse returned nothing`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const perf = lhr.categories.performance?.score;
  const { element, phases } = lcpDetails(lhr);
  const observed = (lhr.audits.metrics?.details as { items?: Array<Record<string, unknown>> } | undefined)
    ?.items?.[0];
  const observedMs = (key: string) => (typeof observed?.[key] === 'number' ? observed[key] : null);
  const blocking = (
    (lhr.audits['render-blocking-resources']?.details as { items?: Array<Record<string, unknown>> })?.items ??
    []
  )
    .map((row) => `${new URL(String(row.url)).pathname} (${ms(Number(row.wastedMs))})`)
    .join(', ');
  return {
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    lcpElement: element,
    lcpPhases: phases,
    tbt: value('total-blocking-time'),
    observedFcp: observedMs('observedFirstContentfulPaint'),
    observedLcp: observedMs('observedLargestContentfulPaint'),
    renderBlocking: blocking || 'none',
    score: perf === null || perf === undefined ? null : perf * 100,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
  };
}

const server = await startServer();
const port = await freePort();
// Playwright only launches the browser (Debian's Chromium); Lighthouse connects to the debugging port itself.
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    `--remote-debugging-port=${port}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
});
try {
  const origin = server.url.replace('127.0.0.1', 'localhost');
  const { taskId, feedbackToken } = await seedPublicPages(origin);
  console.log(
    `Lighthouse, default mobile config, performance only; ${RUNS} runs per page and throttling method; ` +
      `this machine's load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  const summaries: string[] = [];
  for (const method of METHODS) {
    for (const [label, path] of (
      [
        ['/submit/{taskId}', `/submit/${taskId}`],
        ['/feedback/{token}', `/feedback/${feedbackToken}`],
      ] as const
    ).filter(([label]) => PAGES.some((p) => label.startsWith(`/${p}`)))) {
      console.log(`\n${label}, throttling "${method}"`);
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse now and then fails to record the trace (NO_NAVSTART): that run is measured again.
        const run = await audit(origin + path, port, method).catch((err: Error) => {
          console.log(`  run ${i + 1}: ${err.message.split('\n')[0]}; once more`);
          return audit(origin + path, port, method);
        });
        runs.push(run);
        console.log(
          `  run ${i + 1}: FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, TBT ${ms(run.tbt)}, score ${score(run.score)}, ` +
            `BI ${run.benchmarkIndex.toFixed(0)}, load ${loadavg()[0]!.toFixed(1)}\n` +
            `         observed in the trace: FCP ${ms(run.observedFcp)}, LCP ${ms(run.observedLcp)}; ` +
            `render-blocking: ${run.renderBlocking}\n` +
            `         LCP element: ${run.lcpElement}\n         LCP phases: ${run.lcpPhases}` +
            run.warnings.map((w) => `\n         warning: ${w.replace(/\s+/g, ' ')}`).join(''),
        );
      }
      const m = {
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        score: median(runs.map((r) => r.score)),
        bi: median(runs.map((r) => r.benchmarkIndex)),
      };
      console.log(
        `  median: FCP ${ms(m.fcp)}, LCP ${ms(m.lcp)}, TBT ${ms(m.tbt)}, score ${score(m.score)}, BI ${m.bi?.toFixed(0)}`,
      );
      const target =
        m.lcp !== null ? ` (target ≤ ${LCP_TARGET_MS} ms: ${m.lcp <= LCP_TARGET_MS ? 'met' : 'missed'})` : '';
      summaries.push(
        `${label.padEnd(18)} ${method.padEnd(8)} LCP ${ms(m.lcp)}${target}, FCP ${ms(m.fcp)}, TBT ${ms(m.tbt)}, ` +
          `score ${score(m.score)} (median of ${RUNS}, benchmark index ${m.bi?.toFixed(0)})`,
      );
    }
  }
  console.log(`\nLighthouse (mobile)\n${summaries.join('\n')}`);
} finally {
  await browser.close();
  await server.stop();
  removeDir(server.dataDir);
}
