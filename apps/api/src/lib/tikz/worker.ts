import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import type { TikzJob, TikzJobResult, TikzWorkerReady } from './protocol';
import { withTikzLayers } from './layers';
import { createTikzSanitizer } from './sanitize';

// The TikZ worker thread (ARCHITECTURE.md §4): TeX compiled to WebAssembly and the DVI → SVG step run here, one
// job at a time, so the API's event loop never waits for them and a TeX loop that never ends can be stopped
// by terminating the thread.

interface TikzJax {
  load(): Promise<void>;
  tex(input: string, options?: { showConsole?: boolean }): Promise<Buffer>;
  dvi2svg(dvi: Buffer, options?: { embedFontCss?: boolean }): Promise<string>;
}

// node-tikzjax is CommonJS: required, not imported, so its named exports work the same in source and bundle.
const tikzjax = createRequire(import.meta.url)('node-tikzjax') as TikzJax;
const sanitize = createTikzSanitizer();

/** A picture without a document around it gets one; a full document (with \usepackage …) stays as it is. */
function asDocument(source: string): string {
  return /\\begin\s*\{document\}/.test(source) ? source : `\\begin{document}\n${source}\n\\end{document}\n`;
}

/** The TeX engine prints its log with console.log when asked to: kept here to find the error line. */
let texLog: string[] = [];
console.log = (...args: unknown[]) => {
  texLog.push(args.map(String).join(' '));
};

async function render(job: TikzJob): Promise<TikzJobResult> {
  texLog = [];
  await tikzjax.load();
  let dvi: Buffer;
  try {
    dvi = await tikzjax.tex(asDocument(job.source), { showConsole: true });
  } catch {
    // The first two entries are the engine's echo of the input, not its log.
    const line = texLog
      .slice(2)
      .find((l) => l.startsWith('!'))
      ?.replace(/^!\s*/, '')
      .trim();
    return { id: job.id, ok: false, kind: 'tex', message: line || 'Unbekannter TeX-Fehler' };
  }
  try {
    const raw = await tikzjax.dvi2svg(dvi, { embedFontCss: false });
    return { id: job.id, ok: true, svg: withTikzLayers(sanitize(raw)) };
  } catch (error) {
    return { id: job.id, ok: false, kind: 'output', message: (error as Error).message };
  }
}

parentPort?.on('message', (job: TikzJob) => {
  void render(job).then((result) => parentPort?.postMessage(result));
});

// Loading TeX's memory image and files takes about a second; the renderer's timeout starts after it.
void tikzjax.load().then(() => parentPort?.postMessage({ ready: true } satisfies TikzWorkerReady));
