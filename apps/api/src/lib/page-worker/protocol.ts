// Messages between the API and the page worker (worker.ts, index.ts).

export type PageOperation =
  | 'code'
  | 'inspect'
  | 'ai_jpeg'
  | 'thumbnail'
  /** How many pages pdfjs finds, opening the PDF as a reader does (no password, repairing what it can). */
  | 'pdf_pages'
  /** Every page of such a PDF drawn again as a JPEG, for a clean copy. */
  | 'redraw'
  /** The first `page` pages as PNGs for a vision model. */
  | 'ai_pages';

export interface PageJob {
  id: number;
  op: PageOperation;
  bytes: Uint8Array;
  mime: string;
  /** How many pages the job draws (ai_pages: the first so many). */
  pages?: number;
}

/** What the worker answers to a job. */
export type PageAnswer =
  | { ok: true; code: string | null }
  | { ok: true; blank: boolean; text: string }
  | { ok: true; bytes: Uint8Array }
  | { ok: true; pages: number }
  | { ok: true; redrawn: Array<{ jpeg: Uint8Array; width: number; height: number }> }
  | { ok: true; images: Uint8Array[] }
  /** `password`: the PDF opens only with a password. */
  | { ok: false; message: string; password?: boolean };

export type PageJobResult = PageAnswer & { id: number };
