// `pnpm bench` (after classes.ts): a class hands in at once. 30 students upload 3 photos of ~4 MB each
// (random noise, so that decoding and re-encoding is real work and nothing deduplicates) to the built server
// (`pnpm build` first), all 30 requests at once (BENCH_UPLOAD_CONCURRENCY to change), one request per
// student. Prints throughput, latency per request, errors and the server's peak RSS (VmHWM from
// /proc/<pid>/status), once with the files on the file system and once in an S3-compatible store (s3rver on
// loopback; BENCH_UPLOAD_STORAGE=fs or s3 for one). Not a timed test: it prints figures and says whether the
// targets are met. BENCH_SERVER_ENV='{"K":"V"}' adds variables to the server's environment (e.g.
// MALLOC_ARENA_MAX=2, see docs/decisions/008-uploads.md).
import { mkdtempSync, openAsBlob, readFileSync, writeFileSync } from 'node:fs';
import { randomFillSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startS3Server } from '../../apps/api/test/helpers/s3-server';
import { MB, memoryOf } from '../e2e/helpers/memory';
import { removeDir, startServer } from '../e2e/helpers/server';

const STUDENTS = 30;
const FILES_PER_STUDENT = 3;
const CONCURRENCY = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? STUDENTS);
/** ~5 MP of noise at JPEG quality 90 is ~4 MB, about what a phone photo weighs. */
const WIDTH = 2592;
const HEIGHT = 1944;
const TARGETS = { rssGrowthMb: 150, errors: 0 } as const;
/** Where the files go: the file system, and an S3-compatible server on loopback (s3rver, as in the tests). */
const STORAGES = (process.env.BENCH_UPLOAD_STORAGE ?? 'fs,s3').split(',');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** STUDENTS × FILES_PER_STUDENT distinct noise JPEGs on disk (two encoded at a time). */
async function makePhotos(dir: string): Promise<string[]> {
  const files = Array.from({ length: STUDENTS * FILES_PER_STUDENT }, (_, i) =>
    path.join(dir, `foto-${i}.jpg`),
  );
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      const raw = randomFillSync(Buffer.alloc(WIDTH * HEIGHT * 3));
      const jpeg = await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer();
      writeFileSync(files[i]!, jpeg);
    }
  };
  await Promise.all([worker(), worker()]);
  return files;
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

const photoDir = mkdtempSync(path.join(tmpdir(), 'bench-uploads-'));
const t0 = performance.now();
const photos = await makePhotos(photoDir);
const sizes = photos.map((f) => readFileSync(f).length);
const totalBytes = sizes.reduce((a, b) => a + b, 0);
console.log(
  `\nuploads: ${photos.length} noise JPEGs of ${WIDTH}×${HEIGHT}, ${(totalBytes / photos.length / MB).toFixed(1)} MB ` +
    `on average, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const serverEnv = JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>;

/** One burst against a fresh server storing its files as `storage` says; true when the targets are met. */
async function burst(storage: string, storageEnv: Record<string, string>): Promise<boolean> {
  const server = await startServer({ env: { UPLOAD_RATE_LIMIT: '1000', ...storageEnv, ...serverEnv } });
  let ok = false;
  try {
    const pid = server.pid;

    const { access_token } = await json<{ access_token: string }>(
      await fetch(`${server.url}/api/demo/session`, { method: 'POST' }),
    );
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const api = async <T>(method: string, url: string, body?: unknown) =>
      json<T>(
        await fetch(server.url + url, { method, headers, body: body ? JSON.stringify(body) : undefined }),
      );
    const subject = await api<{ id: string }>('POST', '/api/subjects', { name: 'Kunst' });
    const klass = await api<{ id: string }>('POST', '/api/classes', {
      name: 'Bench 8a',
      grade: '8',
      subject_id: subject.id,
    });
    await api('POST', '/api/createStudents', {
      class_id: klass.id,
      names: Array.from(
        { length: STUDENTS },
        (_, i) => `Schülerin Nummer${String.fromCharCode(65 + (i % 26))}${i}`,
      ),
    });
    const task = await api<{ id: string }>('POST', '/api/tasks', {
      class_id: klass.id,
      title: 'Stillleben',
      status: 'published',
    });
    const page = await json<{ students: Array<{ id: string }> }>(
      await fetch(`${server.url}/api/submit/${task.id}`),
    );
    if (page.students.length !== STUDENTS)
      throw new Error(`${page.students.length} Schüler statt ${STUDENTS}`);

    // Idle after start and set-up: the baseline. The high-water mark is reset by nothing, so a peak during the
    // uploads is max(VmHWM) − baseline.
    await new Promise((r) => setTimeout(r, 500));
    const idle = memoryOf(pid);
    let sampledPeak = idle.rss;
    const sampler = setInterval(() => {
      try {
        sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
      } catch {
        // the process ended
      }
    }, 50);

    const latencies: number[] = [];
    const failures: string[] = [];
    let next = 0;
    const started = performance.now();
    const uploader = async () => {
      for (let s = next++; s < STUDENTS; s = next++) {
        const form = new FormData();
        form.append('studentId', page.students[s]!.id);
        for (let f = 0; f < FILES_PER_STUDENT; f++) {
          const file = photos[s * FILES_PER_STUDENT + f]!;
          form.append('files', await openAsBlob(file, { type: 'image/jpeg' }), `Seite ${f + 1}.jpg`);
        }
        const t = performance.now();
        try {
          const res = await fetch(`${server.url}/api/submissions/studentupload/${task.id}`, {
            method: 'POST',
            body: form,
          });
          const body = (await res.json()) as { received?: unknown[]; duplicates?: number };
          if (res.status !== 200 || body.received?.length !== FILES_PER_STUDENT || body.duplicates !== 0)
            failures.push(`${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        } catch (err) {
          failures.push(String(err));
        }
        latencies.push(performance.now() - t);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, uploader));
    const wall = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = memoryOf(pid);

    // What the teacher sees afterwards.
    const { data } = await api<{ data: Array<{ display_status: string; files: unknown[] }> }>(
      'GET',
      `/api/submissions/getAll?taskId=${task.id}`,
    );
    const handedIn = data.filter(
      (e) => e.display_status === 'abgegeben' && e.files.length === FILES_PER_STUDENT,
    );

    latencies.sort((a, b) => a - b);
    const growth = (Math.max(after.hwm, sampledPeak) - idle.rss) / MB;
    console.log(
      `  ${storage}: ${STUDENTS} requests × ${FILES_PER_STUDENT} files, ${CONCURRENCY} at a time, in ${wall.toFixed(1)} s`,
    );
    console.log(
      `  throughput     ${(totalBytes / MB / wall).toFixed(1)} MB/s sent, ${(photos.length / wall).toFixed(1)} files/s`,
    );
    console.log(
      `  latency        p50 ${(percentile(latencies, 50) / 1000).toFixed(2)} s, p95 ${(percentile(latencies, 95) / 1000).toFixed(2)} s, ` +
        `max ${(latencies.at(-1)! / 1000).toFixed(2)} s per request`,
    );
    console.log(
      `  errors         ${failures.length}${failures.length ? `: ${failures.slice(0, 3).join(' | ')}` : ''}`,
    );
    console.log(
      `  server RSS     idle ${(idle.rss / MB).toFixed(0)} MB, peak ${(Math.max(after.hwm, sampledPeak) / MB).toFixed(0)} MB ` +
        `(growth ${growth.toFixed(0)} MB), after ${(after.rss / MB).toFixed(0)} MB`,
    );
    console.log(
      `  teacher view   ${handedIn.length}/${STUDENTS} students abgegeben with ${FILES_PER_STUDENT} files`,
    );
    ok = growth < TARGETS.rssGrowthMb && failures.length === TARGETS.errors && handedIn.length === STUDENTS;
    console.log(
      `  targets: peak RSS growth < ${TARGETS.rssGrowthMb} MB, no errors — ${ok ? 'met' : 'MISSED'}`,
    );
  } finally {
    await server.stop();
    removeDir(server.dataDir);
  }
  return ok;
}

let allMet = true;
try {
  if (STORAGES.includes('fs')) allMet = (await burst('fs (DATA_DIR/files)', {})) && allMet;
  if (STORAGES.includes('s3')) {
    const s3 = await startS3Server('bench-uploads');
    try {
      allMet = (await burst('s3 (s3rver on loopback)', { STORAGE: 's3', ...s3.env })) && allMet;
    } finally {
      await s3.close();
    }
  }
} finally {
  removeDir(photoDir);
}
if (!allMet) process.exitCode = 1;
