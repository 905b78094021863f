// Messages between the API and the page worker (worker.ts, pages.ts).

export type PageOperation = 'code' | 'inspect' | 'ai_jpeg' | 'thumbnail';

export interface PageJob {
  id: number;
  op: PageOperation;
  bytes: Uint8Array;
  mime: string;
}

export type PageJobResult =
  | { id: number; ok: true; code: string | null }
  | { id: number; ok: true; blank: boolean; text: string }
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: false; message: string };
