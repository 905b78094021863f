import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// HEIC/HEIF photos (iPhones, some Android phones). The prebuilt sharp cannot decode HEVC (ADR 008), so they
// are decoded by libheif compiled to WASM (`heic-decode`), in a worker thread of its own for each photo:
// decoding a 12 MP photo takes a second or more of CPU that must not block the event loop, and the WASM heap
// (which never shrinks) goes away with the worker.

const DECODE_TIMEOUT_MS = 60_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const decode = require(workerData.module);
(async () => {
  const images = await decode.all({ buffer: readFileSync(workerData.file) });
  try {
    const image = images[0];
    if (image.width * image.height > workerData.maxPixels) {
      parentPort.postMessage({ error: 'pixels' });
      return;
    }
    const { width, height, data } = await image.decode();
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch((err) => parentPort.postMessage({ error: 'decode', message: String((err && err.message) || err) }));
`;

export interface DecodedImage {
  width: number;
  height: number;
  /** RGBA, 8 bits a channel. */
  data: Uint8Array;
}

export class HeicDecodeError extends Error {
  constructor(
    readonly reason: 'pixels' | 'decode',
    message: string,
  ) {
    super(message);
    this.name = 'HeicDecodeError';
  }
}

type WorkerAnswer =
  | { width: number; height: number; data: Uint8ClampedArray }
  | { error: 'pixels' | 'decode'; message?: string };

let modulePath: string | undefined;

/** Decodes the first image of the HEIC file at `file`; refuses one with more than `maxPixels` pixels. */
export async function decodeHeic(file: string, maxPixels: number): Promise<DecodedImage> {
  modulePath ??= createRequire(import.meta.url).resolve('heic-decode');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { module: modulePath, file, maxPixels },
    stdout: true,
    stderr: true,
  });
  try {
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new HeicDecodeError('decode', 'HEIC decoding timed out')),
        DECODE_TIMEOUT_MS,
      );
      worker.once('message', (message: WorkerAnswer) => {
        clearTimeout(timer);
        resolve(message);
      });
      worker.once('error', (err) => {
        clearTimeout(timer);
        reject(new HeicDecodeError('decode', err.message));
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new HeicDecodeError('decode', `HEIC worker exited with ${code}`));
      });
    });
    if ('error' in answer) throw new HeicDecodeError(answer.error, answer.message ?? 'too many pixels');
    return {
      width: answer.width,
      height: answer.height,
      data: new Uint8Array(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength),
    };
  } finally {
    await worker.terminate();
  }
}
