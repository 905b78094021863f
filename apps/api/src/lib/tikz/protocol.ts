/** Messages between the TikZ renderer (renderer.ts) and its worker thread (worker.ts). */

export interface TikzJob {
  id: number;
  source: string;
}

/** The worker's first message, once TeX and its files are loaded: render timeouts count from here. */
export interface TikzWorkerReady {
  ready: true;
}

export type TikzJobResult =
  | { id: number; ok: true; svg: string }
  /** `tex`: the TeX engine stopped with an error (its first `!` line); `output`: no usable SVG came out. */
  | { id: number; ok: false; kind: 'tex' | 'output'; message: string };
