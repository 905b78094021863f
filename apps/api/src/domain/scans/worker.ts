import { parentPort } from 'node:worker_threads';
import type { PageJob, PageJobResult } from './protocol';
import { pageJpeg, readPageCode, thumbnailWebp } from './read-page';
import { inspectPage } from './read-text';

// The page worker thread (ADR 017): drawing pages (pdfjs, sharp) and looking for QR codes (ZXing) take a few
// hundred milliseconds of CPU a page (reading a header's text about as much), which must not stall the API's
// event loop. One page at a time.

async function run(job: PageJob): Promise<PageJobResult> {
  try {
    if (job.op === 'code') return { id: job.id, ok: true, code: await readPageCode(job.bytes, job.mime) };
    if (job.op === 'inspect') return { id: job.id, ok: true, ...(await inspectPage(job.bytes, job.mime)) };
    const bytes =
      job.op === 'ai_jpeg' ? await pageJpeg(job.bytes, job.mime) : await thumbnailWebp(job.bytes, job.mime);
    return { id: job.id, ok: true, bytes };
  } catch (error) {
    return { id: job.id, ok: false, message: (error as Error).message };
  }
}

let queue = Promise.resolve();
parentPort?.on('message', (job: PageJob) => {
  queue = queue.then(async () => parentPort?.postMessage(await run(job)));
});
