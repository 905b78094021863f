// `pnpm bench` (after pdfs.ts): the memory of the built server (`pnpm build` first), started as `pnpm start`
// does (embedded PGlite, the web app served). Prints the resident set (VmRSS from /proc/<pid>/status) once
// /api/health answers and the server has been idle for a few seconds, then
// drives a short peak: a worksheet PDF with formulas and a TikZ picture, a student's upload of photos and of
// that PDF through the public upload route, thumbnails of both. Prints the peak (VmHWM, which also covers the
// start) and the resident set after some idle time again. Not a timed test: it prints figures and says
// whether the idle target is met. BENCH_SERVER_ENV='{"K":"V"}' adds variables to the server's environment
// (e.g. MALLOC_ARENA_MAX=2: ~75 MB more while idle, ~50–100 MB less at the peak and after it, ADR 023).
import { photo } from '../e2e/helpers/files';
import { MB, memoryOf } from '../e2e/helpers/memory';
import { removeDir, startServer } from '../e2e/helpers/server';

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
const PHOTOS = 3;
/** The TikZ and page workers end after 60 s without work. */
const WORKERS_IDLE_MS = 65_000;
const TARGET_IDLE_MB = 250;

const CONTENT = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Brüche kürzen' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Kürze den Bruch ' },
        { type: 'inlineMath', attrs: { latex: '\\frac{12}{18}' } },
        { type: 'text', text: ' so weit wie möglich.' },
      ],
    },
    { type: 'blockMath', attrs: { latex: '\\frac{a \\cdot c}{b \\cdot c} = \\frac{a}{b}' } },
    {
      type: 'tikz',
      attrs: {
        source:
          '\\begin{tikzpicture}\\draw (0,0) circle (1);\\fill[blue!30] (0,0) -- (1,0) arc (0:120:1) -- cycle;\\end{tikzpicture}',
        svg: null,
      },
    },
  ],
};

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** fetch that waits and tries again while the server answers 503 (busy machine), and fails on any other error. */
async function call(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, init);
    if (res.ok) return res;
    if (res.status !== 503 || attempt === 3)
      throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    await sleep(2000);
  }
}

const serverEnv = JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>;
const started = performance.now();
const server = await startServer({ env: serverEnv });
const ready = performance.now() - started;
try {
  const pid = server.pid;
  const atReady = memoryOf(pid);
  await sleep(IDLE_MS);
  const idle = memoryOf(pid);

  const { access_token } = (await (
    await call(`${server.url}/api/demo/session`, { method: 'POST' })
  ).json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  const api = async <T>(method: string, url: string, body?: unknown) =>
    (await (
      await call(server.url + url, { method, headers, body: body ? JSON.stringify(body) : undefined })
    ).json()) as T;
  const subject = await api<{ id: string }>('POST', '/api/subjects', { name: 'Mathematik' });
  const klass = await api<{ id: string }>('POST', '/api/classes', {
    name: 'Bench 7b',
    grade: '7',
    subject_id: subject.id,
  });
  await api('POST', '/api/createStudents', { class_id: klass.id, names: ['Ada Lovelace', 'Emmy Noether'] });
  const task = await api<{ id: string }>('POST', '/api/tasks', {
    class_id: klass.id,
    title: 'Brüche',
    status: 'published',
  });
  await api('PATCH', `/api/tasks/${task.id}`, { data: CONTENT });
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => photo(2592, 1944, i)));

  const peakStarted = performance.now();
  // The worksheet: pdf-lib, its fonts, MathJax and a TikZ picture (the TikZ worker).
  const worksheet = Buffer.from(
    await (await call(`${server.url}/api/tasks/${task.id}/worksheet.pdf`, { headers })).arrayBuffer(),
  );
  const page = (await (await call(`${server.url}/api/submit/${task.id}`)).json()) as {
    students: Array<{ id: string }>;
  };
  const form = new FormData();
  form.append('studentId', page.students[0]!.id);
  photos.forEach((jpeg, i) =>
    form.append('files', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `Seite ${i + 1}.jpg`),
  );
  form.append('files', new Blob([worksheet], { type: 'application/pdf' }), 'Arbeitsblatt.pdf');
  const uploaded = (await (
    await call(`${server.url}/api/submissions/studentupload/${task.id}`, { method: 'POST', body: form })
  ).json()) as { received: Array<{ id: string; mime: string }> };
  if (uploaded.received.length !== PHOTOS + 1)
    throw new Error(`${uploaded.received.length} Dateien statt ${PHOTOS + 1} angekommen`);
  // A thumbnail of a photo and of the PDF (the page worker draws them).
  for (const mime of ['image/jpeg', 'application/pdf']) {
    const file = uploaded.received.find((f) => f.mime === mime)!;
    await (await call(`${server.url}/api/files/${file.id}/thumbnail`, { headers })).arrayBuffer();
  }
  const peakMs = performance.now() - peakStarted;
  const peak = memoryOf(pid);
  await sleep(10_000);
  const soon = memoryOf(pid);
  // The TikZ and page workers end after a minute without work.
  await sleep(WORKERS_IDLE_MS);
  const after = memoryOf(pid);

  console.log(
    `\nserver memory (built server, embedded PGlite, web app served; ready in ${ready.toFixed(0)} ms):`,
  );
  console.log(`  at /api/health ok         RSS ${mb(atReady.rss)} (peak during start ${mb(atReady.hwm)})`);
  console.log(`  idle after ${(IDLE_MS / 1000).toFixed(0)} s            RSS ${mb(idle.rss)}`);
  console.log(
    `  peak load (${(peakMs / 1000).toFixed(1)} s)         VmHWM ${mb(peak.hwm)}: worksheet PDF (${(worksheet.length / 1024).toFixed(0)} KiB), ` +
      `upload of ${PHOTOS} photos + the PDF, 2 thumbnails`,
  );
  console.log(`  10 s later                RSS ${mb(soon.rss)}`);
  console.log(`  ${(WORKERS_IDLE_MS / 1000 + 10).toFixed(0)} s later (workers ended) RSS ${mb(after.rss)}`);
  const met = idle.rss <= TARGET_IDLE_MB * MB;
  console.log(`  target: idle RSS ≤ ${TARGET_IDLE_MB} MB — ${met ? 'met' : 'MISSED'}`);
} catch (err) {
  console.error(server.output().split('\n').slice(-20).join('\n'));
  throw err;
} finally {
  await server.stop();
  removeDir(server.dataDir);
}
