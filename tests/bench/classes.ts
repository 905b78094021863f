// `pnpm bench` (after run.ts): throughput of the teacher's two busiest lists, GET /api/classes and
// GET /api/tasks?classId=, for a teacher with 30 classes of 20 tasks, next to a hello-world Fastify route in
// the same process and run, on PGlite and on Postgres (TEST_DATABASE_URL, else postgres://postgres@
// 127.0.0.1:5432/test; a fresh database is created and dropped). Not a timed test: it prints figures.
//
// The app runs in this process exactly as buildApp() builds it (every hook: helmet, rate limit with a limit
// out of reach, auth with a real HS256 token, zod response validation, info logs into a discarding stream);
// autocannon fires from a worker thread so it does not share the server's event loop. Both lists are served
// from the list cache after the first request; "bare stack" is an authenticated route that sends a constant,
// the cost of the hooks alone (on PostgreSQL, rate-limit counts in memory; ADR 033).
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
// The app's `config` decorator is declared in a .d.ts that nothing imports by itself.
import type {} from '../../apps/api/src/types';
import { buildApp } from '../../apps/api/src/app';
import { requireSubject } from '../../apps/api/src/domain/access';
import { createClass } from '../../apps/api/src/domain/classes';
import type { Ctx } from '../../apps/api/src/domain/context';
import { createSubject } from '../../apps/api/src/domain/subjects';
import { createTask } from '../../apps/api/src/domain/tasks';
import { loadEnv } from '../../apps/api/src/env';
import { accessToken, bearer } from '../../apps/api/test/helpers/tokens';

const CLASSES = 30;
const TASKS_PER_CLASS = 20;
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
/** Least share of hello world per row; rows without one (in parentheses) only explain the others. */
const TARGETS: Record<'pglite' | 'postgres', Record<string, number>> = {
  pglite: { 'GET /api/classes': 0.1, 'GET /api/tasks?classId=': 0.1 },
  postgres: { 'GET /api/classes': 0.25, 'GET /api/tasks?classId=': 0.25, 'bare stack': 0.3 },
};
const P99_TARGET_MS = 50;

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
// Imported after the default is in place: the helper reads TEST_DATABASE_URL when it loads.
const { testDatabase } = await import('../../apps/api/test/helpers/database');

interface Figure {
  label: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(label: string, url: string, headers: Record<string, string> = {}): Promise<Figure> {
  const options = { url, headers, connections: CONNECTIONS, workers: 1 };
  await autocannon({ ...options, duration: 1 }); // warm-up: JIT, connection pools, caches
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    label,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A teacher with CLASSES classes of TASKS_PER_CLASS tasks each, written through the domain operations. */
async function seed(ctx: Ctx): Promise<string[]> {
  const subject = await createSubject(ctx, { name: 'Mathematik', description: '' });
  const classIds: string[] = [];
  for (let c = 0; c < CLASSES; c++) {
    const klass = await createClass(ctx, {
      name: `Klasse ${c + 5}${'abcd'[c % 4]}`,
      grade: String(5 + (c % 8)),
      description: 'Mathematik, 4 Wochenstunden',
      subject_id: subject.id,
    });
    classIds.push(klass.id);
    for (let i = 0; i < TASKS_PER_CLASS; i++) {
      await createTask(ctx, {
        class_id: klass.id,
        title: `Aufgabe ${i + 1}: Bruchrechnung`,
        description: 'Löse die Aufgaben im Heft und lade ein Foto hoch.',
        due_date: new Date(Date.UTC(2026, 2, 1 + i)).toISOString(),
        status: i % 3 === 0 ? 'draft' : 'published',
        allow_late_submissions: false,
        feedback_template: null,
        data: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Berechne ' },
                { type: 'inlineMath', attrs: { latex: `\\frac{${i + 1}}{4} + \\frac{3}{8}` } },
              ],
            },
          ],
        },
      });
    }
  }
  return classIds;
}

async function benchDriver(driver: 'pglite' | 'postgres', hello: string): Promise<Figure[]> {
  const database = await testDatabase(driver);
  const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    DEMO: '0',
    RATE_LIMIT_MAX: '1000000000',
    WEB_DIST: '/nonexistent',
    ...database.env,
  });
  const app = await buildApp(env, { logStream: sink, controlSocket: false });
  // The context a teacher's request gives the domain operations.
  const teacher = (id: string): Ctx => ({
    actor: { kind: 'user', id, role: 'teacher' },
    db: app.db,
    log: app.log,
    services: app,
  });
  // Two reference routes through the same plugin stack, to tell the stack's own cost from the routes':
  // authenticated without any query, and authenticated with one indexed one-row query.
  const floorBody = { ok: true };
  app.get('/api/bench/floor', () => floorBody);
  app.get('/api/bench/one-query', async (request) => {
    await requireSubject(teacher(request.user?.id ?? ''), 'xxxxxxxxxxxxxxxxxxxxx', 'view').catch(
      () => undefined,
    );
    return floorBody;
  });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    const { token, userId } = await accessToken(app, { role: 'teacher' });
    const t0 = performance.now();
    const classIds = await seed(teacher(userId));
    console.log(
      `[${driver}] seeded ${CLASSES} classes × ${TASKS_PER_CLASS} tasks in ${(performance.now() - t0).toFixed(0)} ms`,
    );
    // PGlite answers in-process without yielding to the timer phase, so under-pressure's sampler saw the
    // whole seeding as one long event-loop delay; give it a sample of the idle loop before measuring.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const headers = bearer(token);
    const classId = classIds[Math.floor(CLASSES / 2)]!;
    // Sanity: both lists answer 200 with the seeded rows.
    for (const [path, expected] of [
      ['/api/classes', CLASSES],
      [`/api/tasks?classId=${classId}`, TASKS_PER_CLASS],
    ] as const) {
      const res = await fetch(base + path, { headers });
      const body = (await res.json()) as unknown;
      if (res.status !== 200 || !Array.isArray(body) || body.length !== expected)
        throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    // Hello world before and after the routes: the baseline is their mean, so a machine that gets busier or
    // quieter during the run does not tilt the ratios.
    const helloBefore = await measure('hello world', hello);
    const routes = [
      await measure('GET /api/classes', `${base}/api/classes`, headers),
      await measure('GET /api/tasks?classId=', `${base}/api/tasks?classId=${classId}`, headers),
      await measure('bare stack', `${base}/api/bench/floor`, headers),
      await measure('(stack + 1-row query)', `${base}/api/bench/one-query`, headers),
    ];
    const helloAfter = await measure('hello world', hello);
    const baseline: Figure = {
      label: 'hello world',
      rps: (helloBefore.rps + helloAfter.rps) / 2,
      p99: Math.max(helloBefore.p99, helloAfter.p99),
      errors: helloBefore.errors + helloAfter.errors,
    };
    console.log(
      `[${driver}] hello world before ${helloBefore.rps.toFixed(0)}/s, after ${helloAfter.rps.toFixed(0)}/s`,
    );
    return [baseline, ...routes];
  } finally {
    await app.close();
    await database.cleanup();
  }
}

function report(driver: 'pglite' | 'postgres', figures: Figure[]): boolean {
  const [hello, ...rest] = figures;
  let ok = true;
  console.log(`\n${driver}: ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log('  route                       req/s      p99    ratio  errors');
  for (const f of figures) {
    const ratio = f.rps / hello!.rps;
    const target = f === hello ? undefined : TARGETS[driver][f.label];
    const meets = target === undefined || (ratio >= target && f.p99 <= P99_TARGET_MS && f.errors === 0);
    if (!meets) ok = false;
    console.log(
      `  ${f.label.padEnd(24)} ${f.rps.toFixed(0).padStart(8)} ${`${f.p99} ms`.padStart(8)} ` +
        `${`${(ratio * 100).toFixed(1)}%`.padStart(8)}  ${f.errors}` +
        `${target === undefined ? '' : `  (target ≥ ${target * 100}%)`}${meets ? '' : '  ✗ target missed'}`,
    );
  }
  const errors = rest.some((r) => r.errors > 0) ? ' (with errors!)' : '';
  console.log(
    `  targets: share of hello world as marked, p99 ≤ ${P99_TARGET_MS} ms — ${ok ? 'met' : 'MISSED'}${errors}`,
  );
  return ok;
}

// The baseline: a bare Fastify hello world in this process.
const helloApp = Fastify();
helloApp.get('/hello', () => ({ hello: 'world' }));
await helloApp.listen({ host: '127.0.0.1', port: 0 });
const helloAddress = helloApp.server.address();
const helloUrl = `http://127.0.0.1:${typeof helloAddress === 'object' && helloAddress ? helloAddress.port : 0}/hello`;

const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
let allMet = true;
try {
  for (const driver of drivers) allMet = report(driver, await benchDriver(driver, helloUrl)) && allMet;
} finally {
  await helloApp.close();
}
console.log(allMet ? '\nall targets met' : '\nsome targets missed');
