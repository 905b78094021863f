import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageJob, PageJobResult, PageOperation } from './protocol';

// The API's side of the page worker (worker.ts): one thread for the process, started on the first page and
// ended after a minute without work. Jobs queue there and run one at a time (a stack being read and the
// thumbnails of the matching view share it), so the CPU a page costs is bounded however many arrive.

/** Longest one page may take (from when it is sent) before the thread counts as stuck and is ended. */
const JOB_TIMEOUT_MS = 120_000;
const IDLE_MS = 60_000;
/** Pages waiting at most; more are refused (thumbnails of many open tabs, not one stack: it sends one). */
const MAX_PENDING = 100;

/** The worker is stuck, gone or full: nothing is known about the page itself. */
export class PageWorkerUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageWorkerUnavailable';
  }
}

interface Pending {
  resolve(result: PageJobResult): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/**
 * The bundled dist/scan-worker.js beside the server bundle, or, when the API runs from source (tsx, vitest),
 * worker.ts loaded through tsx's loader inside the thread (as the TikZ renderer does).
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./scan-worker.js', import.meta.url));
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  const entry = new URL('./worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true });
}

/** Ends the thread and fails what it still had. */
function stop(reason: string): void {
  const ending = worker;
  worker = null;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  for (const [id, job] of pending) {
    clearTimeout(job.timer);
    job.reject(new PageWorkerUnavailable(reason));
    pending.delete(id);
  }
  void ending?.terminate();
}

function thread(): Worker {
  if (worker) return worker;
  const started = startWorker();
  // A waiting thread keeps no process (a test run, the CLI) alive.
  started.unref();
  started.on('message', (result: PageJobResult) => {
    const job = pending.get(result.id);
    if (!job) return;
    pending.delete(result.id);
    clearTimeout(job.timer);
    job.resolve(result);
    if (pending.size === 0 && worker === started) {
      idleTimer = setTimeout(() => stop('idle'), IDLE_MS);
      idleTimer.unref();
    }
  });
  started.on('error', (err) => {
    if (worker === started) stop(`page worker failed: ${err.message}`);
  });
  started.on('exit', (code) => {
    if (worker === started) stop(`page worker exited with ${code}`);
  });
  worker = started;
  return started;
}

async function send(op: PageOperation, bytes: Uint8Array, mime: string): Promise<PageJobResult> {
  if (pending.size >= MAX_PENDING) throw new PageWorkerUnavailable('page worker busy');
  const target = thread();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const id = nextId++;
  const result = await new Promise<PageJobResult>((resolve, reject) => {
    const timer = setTimeout(() => stop('page worker timed out'), JOB_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    target.postMessage({ id, op, bytes, mime } satisfies PageJob);
  });
  // The page itself could not be drawn or read.
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** The text of the page's QR code, or null when none was found. */
export async function readCode(bytes: Uint8Array, mime: string): Promise<string | null> {
  const result = await send('code', bytes, mime);
  return 'code' in result ? result.code : null;
}

/** Whether a page without a code is blank, and the text printed in its header (the name field). */
export async function inspectPage(
  bytes: Uint8Array,
  mime: string,
): Promise<{ blank: boolean; text: string }> {
  const result = await send('inspect', bytes, mime);
  if (!('blank' in result)) throw new Error('page worker answered without an inspection');
  return { blank: result.blank, text: result.text };
}

async function image(op: 'ai_jpeg' | 'thumbnail', bytes: Uint8Array, mime: string): Promise<Buffer> {
  const result = await send(op, bytes, mime);
  if (!('bytes' in result)) throw new Error('page worker answered without an image');
  return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
}

/** A JPEG of the page (long side 1600 px) for the AI service to read the printed name from. */
export const aiPageJpeg = (bytes: Uint8Array, mime: string) => image('ai_jpeg', bytes, mime);
/** A WebP of the image or first PDF page, long side 400 px. */
export const pageThumbnail = (bytes: Uint8Array, mime: string) => image('thumbnail', bytes, mime);
