// `pnpm bench` (after tikz.ts): the per-student worksheet of a class of 30 (PRODUCT.md §4 "PDF-Vorlagen"):
// GET /api/tasks/:taskId/worksheet.pdf?perStudent=1 for a task with a page of content (inline and display
// formulas, a TikZ picture: vector drawings made once per PDF). Prints the time of the
// first print (which creates the 30 print tokens) and the mean of further prints, and the size, on
// PGlite and on Postgres (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, skipped when
// unreachable). Not a timed test: it prints figures.
import { Writable } from 'node:stream';
import type {} from '../../apps/api/src/types';
import { buildApp } from '../../apps/api/src/app';
import { loadEnv } from '../../apps/api/src/env';
import { classroom } from '../../apps/api/test/helpers/classroom';
import { signIn } from '../../apps/api/test/helpers/tokens';

const STUDENTS = Number(process.env.BENCH_PDF_STUDENTS ?? 30);
const REPEAT = 5;

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
const { testDatabase } = await import('../../apps/api/test/helpers/database');

const CONTENT = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Brüche kürzen' }] },
    ...Array.from({ length: 12 }, (_, i) => ({
      type: 'paragraph',
      content: [
        { type: 'text', text: `Aufgabe ${i + 1}: Kürze den Bruch so weit wie möglich und begründe, ` },
        { type: 'inlineMath', attrs: { latex: '\\frac{12}{18}' } },
        { type: 'text', text: ' – schreibe jeden Schritt auf.' },
      ],
    })),
    { type: 'blockMath', attrs: { latex: '\\frac{a \\cdot c}{b \\cdot c} = \\frac{a}{b}' } },
    {
      type: 'tikz',
      attrs: {
        source:
          '\\begin{tikzpicture}\\draw (0,0) circle (1);\\fill[blue!30] (0,0) -- (1,0) arc (0:120:1) -- cycle;\\node at (0.3,-0.4) {$\\frac{1}{3}$};\\end{tikzpicture}',
        svg: null,
      },
    },
  ],
};

async function run(driver: 'pglite' | 'postgres') {
  const database = await testDatabase(driver);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DEMO: '0', ...database.env });
  const logStream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const app = await buildApp(env, { logStream, controlSocket: false });
  try {
    await app.ready();
    const teacher = await signIn(app);
    const room = await classroom(app, teacher, { students: STUDENTS, rubric: false });
    const patched = await teacher.call('PATCH', `/api/tasks/${room.task.id}`, { data: CONTENT });
    if (patched.statusCode !== 200) throw new Error(`task ${patched.statusCode}: ${patched.body}`);
    const url = `/api/tasks/${room.task.id}/worksheet.pdf?perStudent=1`;
    const print = async () => {
      const started = performance.now();
      const res = await teacher.call('GET', url);
      if (res.statusCode !== 200) throw new Error(`worksheet ${res.statusCode}: ${res.body}`);
      return { ms: performance.now() - started, pdf: res.rawPayload };
    };
    const first = await print();
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) times.push((await print()).ms);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(`worksheet per student, ${STUDENTS} students, ${driver}:`);
    console.log(`  first print (creates the print tokens): ${first.ms.toFixed(0)} ms`);
    console.log(`  further prints (mean of ${REPEAT}):          ${mean.toFixed(0)} ms`);
    console.log(`  ${(first.pdf.length / 1024).toFixed(0)} KiB`);
  } finally {
    await app.close();
    await database.cleanup();
  }
}

await run('pglite');
try {
  await run('postgres');
} catch (err) {
  console.log(`worksheet, postgres: skipped (${(err as Error).message.split('\n')[0]})`);
}
