import { parentPort } from 'node:worker_threads';
import type { PageAnswer, PageJob, PageJobResult } from './protocol';
import { pageJpeg, readPageCode, thumbnailWebp } from './read-page';
import { inspectPage } from './read-text';
import { pdfPageCount, redrawPages } from './redraw';

// The page worker thread (ADR 017): drawing pages (pdfjs, sharp) and looking for QR codes (ZXing) take a few
// hundred milliseconds of CPU a page (reading a header's text about as much), which must not stall the API's
// event loop; a page that would take more memory or time than the thread is given ends the thread, not the
// API (index.ts). The API sends one job at a time.

async function run(job: PageJob): Promise<PageAnswer> {
  switch (job.op) {
    case 'code':
      return { ok: true, code: await readPageCode(job.bytes, job.mime) };
    case 'inspect':
      return { ok: true, ...(await inspectPage(job.bytes, job.mime)) };
    case 'ai_jpeg':
      return { ok: true, bytes: await pageJpeg(job.bytes, job.mime) };
    case 'thumbnail':
      return { ok: true, bytes: await thumbnailWebp(job.bytes, job.mime) };
    case 'pdf_pages':
      return { ok: true, pages: await pdfPageCount(job.bytes) };
    case 'redraw':
      return { ok: true, redrawn: await redrawPages(job.bytes) };
    case 'ai_pages': {
      const { renderPdfPages } = await import('./pdf-pages');
      return { ok: true, images: await renderPdfPages(job.bytes, job.pages ?? 1) };
    }
  }
}

parentPort?.on('message', (job: PageJob) => {
  void run(job)
    .catch((error: Error): PageAnswer => ({
      ok: false,
      message: error.message,
      // pdfjs's own class, by name: the file opens only with a password.
      password: error.name === 'PasswordException',
    }))
    .then((result) => parentPort?.postMessage({ id: job.id, ...result } satisfies PageJobResult));
});
