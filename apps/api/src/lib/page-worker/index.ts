import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageJob, PageJobResult, PageOperation } from './protocol';

// The API's side of the page worker (worker.ts): one thread for the process, started on the first page and
// ended after a minute without work. Jobs wait here and go to the thread one at a time (a stack being read,
// the thumbnails of the matching view and an upload's repair share it), so the CPU a page costs is bounded
// however many arrive. The thread has a memory ceiling and each job a time limit (ADR 031): a PDF built to
// exhaust the reader (a content stream that draws itself, say) ends the thread, not the API; that job fails
// with PageTooCostly and the jobs behind it go to a new thread.

/** Heap of the thread: ten times what the largest page of our test corpus needs (an A4 page at 2600 px). */
export const PAGE_WORKER_HEAP_MB = 256;
/** Longest one page may take once the thread has started on it; a page takes well under a second. */
const PAGE_TIME_LIMIT_MS = 30_000;
const IDLE_MS = 60_000;
/** Jobs waiting at most; more are refused (thumbnails of many open tabs, not one stack: it sends one). */
const MAX_WAITING = 100;

/** The worker is busy or gone: nothing is known about the page itself; worth trying again later. */
export class PageWorkerUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageWorkerUnavailable';
  }
}

/** The page needed more memory or time than a page may: trying again gives the same. */
export class PageTooCostly extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageTooCostly';
  }
}

/** The PDF opens only with a password (pdfjs, as a reader opens it). */
export class PdfNeedsPassword extends Error {
  constructor() {
    super('PDF needs a password');
    this.name = 'PdfNeedsPassword';
  }
}

interface Job {
  message: PageJob;
  /** Time limit once started. */
  limitMs: number;
  resolve(result: PageJobResult): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
let running: { job: Job; timer: NodeJS.Timeout } | null = null;
const waiting: Job[] = [];
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;

/**
 * The bundled dist/scan-worker.js beside the server bundle, or, when the API runs from source (tsx, vitest),
 * worker.ts loaded through tsx's loader inside the thread (as the TikZ renderer does).
 */
function startWorker(): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: PAGE_WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./scan-worker.js', import.meta.url), { resourceLimits });
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  const entry = new URL('./worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/** Ends the thread; the job it was on fails with `failure`, the waiting ones go to the next thread. */
function endThread(failure: Error): void {
  const ending = worker;
  worker = null;
  if (running) {
    clearTimeout(running.timer);
    running.job.reject(failure);
    running = null;
  }
  void ending?.terminate();
  next();
}

function thread(): Worker {
  if (worker) return worker;
  const started = startWorker();
  // A waiting thread keeps no process (a test run, the CLI) alive.
  started.unref();
  started.on('message', (result: PageJobResult) => {
    if (worker !== started || running?.job.message.id !== result.id) return;
    clearTimeout(running.timer);
    running.job.resolve(result);
    running = null;
    next();
  });
  started.on('error', (err: Error & { code?: string }) => {
    if (worker !== started) return;
    endThread(
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new PageTooCostly(`page needs more than ${PAGE_WORKER_HEAP_MB} MB`)
        : new PageWorkerUnavailable(`page worker failed: ${err.message}`),
    );
  });
  started.on('exit', (code) => {
    if (worker === started) endThread(new PageWorkerUnavailable(`page worker exited with ${code}`));
  });
  worker = started;
  return started;
}

/** Starts the next waiting job, or the idle timer. */
function next(): void {
  if (running) return;
  const job = waiting.shift();
  if (!job) {
    if (worker && !idleTimer) {
      const idle = worker;
      idleTimer = setTimeout(() => {
        idleTimer = null;
        if (worker === idle && !running) {
          worker = null;
          void idle.terminate();
        }
      }, IDLE_MS);
      idleTimer.unref();
    }
    return;
  }
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const target = thread();
  const timer = setTimeout(
    () => endThread(new PageTooCostly(`page took longer than ${job.limitMs / 1000} s`)),
    job.limitMs,
  );
  running = { job, timer };
  target.postMessage(job.message);
}

async function send(
  op: PageOperation,
  bytes: Uint8Array,
  mime: string,
  /** How many pages the job draws (each has the time limit of one page). */
  pages = 1,
): Promise<PageJobResult> {
  if (waiting.length >= MAX_WAITING) throw new PageWorkerUnavailable('page worker busy');
  const message: PageJob = { id: nextId++, op, bytes, mime, pages };
  const result = await new Promise<PageJobResult>((resolve, reject) => {
    waiting.push({ message, limitMs: PAGE_TIME_LIMIT_MS * pages, resolve, reject });
    next();
  });
  if (!result.ok) throw result.password ? new PdfNeedsPassword() : new Error(result.message);
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

/** PNGs of the first `pages` pages of a PDF for a vision model (long side 1600 px). */
export async function aiPdfPages(bytes: Uint8Array, pages: number): Promise<Uint8Array[]> {
  const result = await send('ai_pages', bytes, 'application/pdf', pages);
  if (!('images' in result)) throw new Error('page worker answered without pages');
  return result.images;
}

/** How many pages a reader finds in the PDF; PdfNeedsPassword when it opens only with one. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const result = await send('pdf_pages', bytes, 'application/pdf');
  if (!('pages' in result)) throw new Error('page worker answered without a page count');
  return result.pages;
}

/** Every page of a PDF of `pages` pages drawn again as a JPEG, with its size in points as a reader shows it. */
export async function redrawPdf(
  bytes: Uint8Array,
  pages: number,
): Promise<Array<{ jpeg: Uint8Array; width: number; height: number }>> {
  const result = await send('redraw', bytes, 'application/pdf', pages);
  if (!('redrawn' in result)) throw new Error('page worker answered without pages');
  return result.redrawn;
}
