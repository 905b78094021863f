import katex from 'katex';

/**
 * KaTeX options for untrusted input: `trust: false` drops \href, \url, \includegraphics, \htmlClass … (they
 * render as plain text), errors render inline instead of throwing, and the expansion and size limits keep a
 * malicious macro from eating the CPU or the page.
 */
const KATEX_OPTIONS = {
  throwOnError: false,
  trust: false,
  strict: 'ignore',
  maxExpand: 1000,
  maxSize: 50,
  output: 'htmlAndMathml',
} as const satisfies katex.KatexOptions;

/** LaTeX from anyone rendered to HTML that is safe to show. */
export function renderLatex(latexCode: string, displayMode = false): string {
  return katex.renderToString(latexCode, { ...KATEX_OPTIONS, displayMode });
}
