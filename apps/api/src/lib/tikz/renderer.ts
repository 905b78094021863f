import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { TikzJob, TikzJobResult, TikzWorkerReady } from './protocol';

/**
 * Renders TikZ to sanitised SVG (ARCHITECTURE.md §4) in one worker thread that is started on first use,
 * does one job at a time from a queue, is terminated and replaced when a job runs past the timeout, and
 * ends after a while without work (TeX and its files take about 150 MB). Results are cached by the SHA-256
 * of the source: in memory (LRU) and as files in DATA_DIR, so a repeated render never reaches TeX.
 */

/** Why a render gave no picture; the domain turns it into the German error of the contract. */
export class TikzRenderError extends Error {
  constructor(
    readonly kind: 'tex' | 'timeout' | 'busy' | 'output' | 'crashed',
    message: string,
  ) {
    super(message);
    this.name = 'TikzRenderError';
  }
}

export interface TikzRenderResult {
  svg: string;
  /** Answered from the memory or file cache without running TeX. */
  cached: boolean;
}

export interface TikzRendererOptions {
  timeoutMs: number;
  /** The worker ends after this long without a job. */
  idleMs?: number;
  /** Folder of the file cache; none = memory only. */
  cacheDir?: string;
  /** Entries of the memory cache. */
  memoryEntries?: number;
  /** Jobs waiting behind the running one; one more is refused as busy. */
  maxQueue?: number;
}

export interface TikzRendererStats {
  /** Jobs TeX actually ran (cache misses that reached the worker). */
  renders: number;
  cacheHits: number;
  workerStarts: number;
  /** Workers stopped because a job ran past the timeout. */
  timeouts: number;
  workerRunning: boolean;
}

interface QueuedJob {
  job: TikzJob;
  resolve: (svg: string) => void;
  reject: (error: TikzRenderError) => void;
}

/** Longest a new worker may take to load TeX before it counts as hung. */
const START_TIMEOUT_MS = 60_000;

// Bumped when the sanitiser, the font rules or the layers (layers.ts) change: older cache entries are then
// simply not found.
const CACHE_VERSION = 'tikz-v2';

export function tikzCacheKey(source: string): string {
  return createHash('sha256').update(`${CACHE_VERSION}\n${source}`).digest('hex');
}

/**
 * The worker thread: the bundled dist/tikz-worker.js beside the server bundle, or, when the API runs from
 * source (tsx, vitest), worker.ts loaded through tsx's loader inside the thread.
 */
function startWorkerThread(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./tikz-worker.js', import.meta.url), options);
  // The ESM entry of tsx's API (require.resolve would name its CommonJS twin).
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  const entry = new URL('./worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

export class TikzRenderer {
  private worker: Worker | null = null;
  /** The worker has loaded TeX: a job posted now gets its timeout from the start. */
  private workerReady = false;
  private running: (QueuedJob & { timer: NodeJS.Timeout | undefined }) | null = null;
  private readonly queue: QueuedJob[] = [];
  private readonly memory = new Map<string, string>();
  private readonly inFlight = new Map<string, Promise<string>>();
  private idleTimer: NodeJS.Timeout | null = null;
  private nextId = 1;
  private closed = false;
  private readonly counters = { renders: 0, cacheHits: 0, workerStarts: 0, timeouts: 0 };
  private readonly idleMs: number;
  private readonly memoryEntries: number;
  private readonly maxQueue: number;

  constructor(private readonly options: TikzRendererOptions) {
    this.idleMs = options.idleMs ?? 60_000;
    this.memoryEntries = options.memoryEntries ?? 200;
    this.maxQueue = options.maxQueue ?? 20;
  }

  stats(): TikzRendererStats {
    return { ...this.counters, workerRunning: this.worker !== null };
  }

  /** The picture of `source`; rejects with TikzRenderError. Renders of the same source at once share one job. */
  async render(source: string): Promise<TikzRenderResult> {
    const key = tikzCacheKey(source);
    const cached = this.memory.get(key) ?? (await this.readFile(key));
    if (cached !== undefined) {
      this.counters.cacheHits++;
      this.remember(key, cached);
      return { svg: cached, cached: true };
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.enqueue(source).then(async (svg) => {
        this.remember(key, svg);
        await this.writeFile(key, svg);
        return svg;
      });
      this.inFlight.set(key, pending);
      const forget = () => this.inFlight.delete(key);
      pending.then(forget, forget);
    }
    return { svg: await pending, cached: false };
  }

  /** Stops the worker and refuses what is still queued (the app is closing). */
  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.queue.splice(0)) queued.reject(new TikzRenderError('busy', 'closing'));
    if (this.running) {
      clearTimeout(this.running.timer);
      this.running.reject(new TikzRenderError('busy', 'closing'));
      this.running = null;
    }
    await this.stopWorker();
  }

  private remember(key: string, svg: string) {
    // A Map keeps insertion order: delete and set again makes the key the newest.
    this.memory.delete(key);
    this.memory.set(key, svg);
    while (this.memory.size > this.memoryEntries) this.memory.delete(this.memory.keys().next().value!);
  }

  private filePath(key: string): string | undefined {
    return this.options.cacheDir ? path.join(this.options.cacheDir, `${key}.svg`) : undefined;
  }

  private async readFile(key: string): Promise<string | undefined> {
    const file = this.filePath(key);
    if (!file) return undefined;
    try {
      return await readFile(file, 'utf8');
    } catch {
      return undefined;
    }
  }

  private async writeFile(key: string, svg: string) {
    const file = this.filePath(key);
    if (!file) return;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, svg);
      await rename(temp, file);
    } catch {
      // The file cache is an optimisation; the memory cache still has the picture.
    }
  }

  private enqueue(source: string): Promise<string> {
    if (this.closed) return Promise.reject(new TikzRenderError('busy', 'closing'));
    if (this.queue.length >= this.maxQueue)
      return Promise.reject(new TikzRenderError('busy', 'too many renders waiting'));
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, source }, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    if (this.running || this.closed) return;
    const next = this.queue.shift();
    if (!next) {
      this.scheduleIdleStop();
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.ensureWorker();
    this.running = { ...next, timer: undefined };
    this.counters.renders++;
    if (this.workerReady) this.dispatch(worker);
  }

  /** Posts the running job to a ready worker and starts its timeout. */
  private dispatch(worker: Worker) {
    const running = this.running;
    if (!running) return;
    running.timer = setTimeout(() => this.onTimeout(), this.options.timeoutMs);
    worker.postMessage(running.job);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorkerThread({
      // TeX's memory is a fixed 70 MB WebAssembly heap; the JS side (jsdom, svgo) stays well below this.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      stdout: true,
      stderr: true,
    });
    // Nothing of the worker's own output reaches the server's log (the TeX log is read inside the worker).
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (message: TikzJobResult | TikzWorkerReady) => {
      if ('ready' in message) this.onReady(worker);
      else this.onResult(worker, message);
    });
    // Loading is trusted code, but a worker that never gets ready must not hold the queue either.
    const startTimer = setTimeout(() => {
      if (worker === this.worker && !this.workerReady) this.onTimeout();
    }, START_TIMEOUT_MS);
    startTimer.unref();
    worker.on('error', (error) => this.onCrash(worker, error.message));
    worker.on('exit', () => this.onCrash(worker, 'exited'));
    worker.unref();
    this.worker = worker;
    this.workerReady = false;
    this.counters.workerStarts++;
    return worker;
  }

  private onReady(worker: Worker) {
    if (worker !== this.worker) return;
    this.workerReady = true;
    this.dispatch(worker);
  }

  private onResult(worker: Worker, result: TikzJobResult) {
    const running = this.running;
    if (worker !== this.worker || !running || running.job.id !== result.id) return;
    clearTimeout(running.timer);
    this.running = null;
    if (result.ok) running.resolve(result.svg);
    else running.reject(new TikzRenderError(result.kind, result.message));
    this.pump();
  }

  private onTimeout() {
    const running = this.running;
    if (!running) return;
    this.running = null;
    this.counters.timeouts++;
    running.reject(new TikzRenderError('timeout', `longer than ${this.options.timeoutMs} ms`));
    // The next job gets a fresh worker once this one is gone.
    void this.stopWorker().then(() => this.pump());
  }

  private onCrash(worker: Worker, reason: string) {
    if (worker !== this.worker) return;
    this.worker = null;
    const running = this.running;
    if (running) {
      clearTimeout(running.timer);
      this.running = null;
      running.reject(new TikzRenderError('crashed', reason));
    }
    this.pump();
  }

  private scheduleIdleStop() {
    if (!this.worker || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.running && this.queue.length === 0) void this.stopWorker();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private async stopWorker() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
