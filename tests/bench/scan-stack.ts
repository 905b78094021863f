// `pnpm bench` (after pdfs.ts): a teacher's stack of 100 pages read in the background (ADR 017, 029). Two
// stacks on PGlite: the per-student worksheets of a class of 25 (four pages each), rasterised as a scanner
// gives them (one JPEG per page), and the same worksheets uploaded as the printed PDF itself (text pages,
// drawn by pdfjs). Prints how long the upload request took (the pages are only stored then), the pages read
// per second until the last one has its reading, and the reading job's own milliseconds per page (its log
// line). The page worker, pdfjs, ZXing and sharp start once per process: a page of each kind is read first,
// so that neither stack pays that. Not a timed test: it prints figures.
import { Writable } from 'node:stream';
import type {} from '../../apps/api/src/types';
import { buildApp } from '../../apps/api/src/app';
import { loadEnv } from '../../apps/api/src/env';
import { baseUrlOf, classroom } from '../../apps/api/test/helpers/classroom';
import { testDatabase } from '../../apps/api/test/helpers/database';
import { compressed, rasterise, scannerPdf } from '../../apps/api/test/helpers/scan-pages';
import { bearer, signIn, type SignedIn } from '../../apps/api/test/helpers/tokens';

const STUDENTS = 25;
/** Four pages per student: a hundred pages. */
const CONTENT = {
  type: 'doc',
  content: Array.from({ length: 34 }, (_, i) => ({
    type: 'paragraph',
    content: [{ type: 'text', text: `Aufgabe ${i + 1}: ${'Berechne und begründe deinen Weg. '.repeat(8)}` }],
  })),
};

/** The reading job's log lines ('Stapel gelesen', stack.ts): its milliseconds per page. */
const jobs: Array<{ pages: number; msPerPage: number }> = [];

async function stack(base: string, teacher: SignedIn, taskId: string, name: string, pdfs: Buffer[]) {
  const form = new FormData();
  for (const [i, pdf] of pdfs.entries())
    form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${i + 1}-${name}`);
  const jobsBefore = jobs.length;
  const started = performance.now();
  const res = await fetch(`${base}/api/submissions/teacherupload/${taskId}`, {
    method: 'POST',
    body: form,
    headers: bearer(teacher.token),
  });
  if (res.status !== 200) throw new Error(`upload ${res.status}: ${await res.text()}`);
  const receipt = (await res.json()) as { received: Array<{ id: string }> };
  const ids = new Set(receipt.received.map((r) => r.id));
  const answered = performance.now() - started;
  for (;;) {
    const { files: all } = (await teacher.call('GET', `/api/files?taskId=${taskId}`)).json<{
      files: Array<{ id: string; submission_id: string | null; scan: { outcome: string } | null }>;
    }>();
    const files = all.filter((f) => ids.has(f.id));
    if (files.every((f) => f.scan !== null || f.submission_id !== null)) {
      const read = (performance.now() - started) / 1000;
      const byCode = files.filter((f) => f.scan?.outcome === 'qr').length;
      // The job logs once its last reading is stored: a moment after the poll may see them all.
      while (jobs.length === jobsBefore) await new Promise((resolve) => setTimeout(resolve, 50));
      const job = jobs[jobsBefore]!;
      return `  ${name}: ${ids.size} pages, request ${(answered / 1000).toFixed(1)} s, all read after ${read.toFixed(1)} s = ${(ids.size / read).toFixed(2)} pages/s (${byCode} by code), job ${job.msPerPage} ms a page`;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const database = await testDatabase('pglite');
const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', DEMO: '0', ...database.env });
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split('\n'))
      if (line.includes('"Stapel gelesen"')) jobs.push(JSON.parse(line) as (typeof jobs)[number]);
    callback();
  },
});
const app = await buildApp(env, { logStream, controlSocket: false });
try {
  await app.ready();
  const base = await baseUrlOf(app);
  const teacher = await signIn(app);
  const warm = await classroom(app, teacher, { students: 1, rubric: false, title: 'Aufwärmen' });
  const warmSheet = await teacher.call('GET', `/api/tasks/${warm.task.id}/worksheet.pdf?perStudent=1`);
  const [warmScan] = await rasterise(warmSheet.rawPayload);
  const warmPdfs = [await scannerPdf([await compressed(warmScan!.jpeg, 60)]), warmSheet.rawPayload];
  console.log(
    `Warm-up (worker start, a page of each kind):\n${await stack(base, teacher, warm.task.id, 'warm.pdf', warmPdfs)}`,
  );
  console.log('Scanned stack of 100 pages (PGlite):');
  for (const kind of ['scanned', 'text'] as const) {
    const room = await classroom(app, teacher, {
      students: STUDENTS,
      rubric: false,
      title: `Stapel ${kind}`,
    });
    const patched = await teacher.call('PATCH', `/api/tasks/${room.task.id}`, { data: CONTENT });
    if (patched.statusCode !== 200) throw new Error(`task ${patched.statusCode}: ${patched.body}`);
    const sheet = await teacher.call('GET', `/api/tasks/${room.task.id}/worksheet.pdf?perStudent=1`);
    // The scans as two PDFs of 50 pages in one upload: a file may have 20 MB.
    const pages = await Promise.all((await rasterise(sheet.rawPayload)).map((p) => compressed(p.jpeg, 60)));
    const pdfs =
      kind === 'text'
        ? [sheet.rawPayload]
        : [await scannerPdf(pages.slice(0, 50)), await scannerPdf(pages.slice(50))];
    console.log(await stack(base, teacher, room.task.id, kind === 'text' ? 'text.pdf' : 'scan.pdf', pdfs));
  }
} finally {
  await app.close();
  await database.cleanup();
}
