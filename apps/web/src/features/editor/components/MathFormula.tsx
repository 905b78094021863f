import 'katex/dist/katex.min.css';
import katex from 'katex';
import { useMemo } from 'react';
import { KATEX_OPTIONS } from '../katex';

/** One LaTeX formula rendered with KaTeX (its own chunk: loaded only when a task contains math). */
export default function MathFormula({ latex, block }: { latex: string; block: boolean }) {
  const html = useMemo(
    () => katex.renderToString(latex, { ...KATEX_OPTIONS, displayMode: block }),
    [latex, block],
  );
  const Tag = block ? 'div' : 'span';
  // KaTeX output with `trust: false` contains no active content.
  return <Tag dangerouslySetInnerHTML={{ __html: html }} />;
}
