import type katex from 'katex';

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

/** LaTeX from anyone rendered to HTML that is safe to show. KaTeX is loaded on first use (ADR 023). */
export async function renderLatex(latexCode: string, displayMode = false): Promise<string> {
  const { default: katexModule } = await import('katex');
  return katexModule.renderToString(latexCode, { ...KATEX_OPTIONS, displayMode });
}
