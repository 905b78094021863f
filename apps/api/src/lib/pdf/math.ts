import type { LiteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import type { LiteElement, LiteNode } from 'mathjax-full/js/adaptors/lite/Element.js';
import type { LiteText } from 'mathjax-full/js/adaptors/lite/Text.js';
import type { MathDocument } from 'mathjax-full/js/core/MathDocument.js';
import type { SvgElement, SvgNode } from './svg';

// Formulas of the printed PDFs as SVG with every glyph a path (MathJax, fontCache 'none'): the PDF draws
// them as vectors (svg/). KaTeX, which the pages use, only makes HTML. Only packages that neither load
// files nor accept HTML or links; the limits keep a malicious macro from running long. MathJax (about 10 MB)
// is loaded with the first formula of a PDF, not at start (ADR 023).

const PACKAGES = [
  'base',
  'ams',
  'amscd',
  'boldsymbol',
  'braket',
  'cancel',
  'cases',
  'centernot',
  'color',
  'colortbl',
  'empheq',
  'enclose',
  'extpfeil',
  'gensymb',
  'mathtools',
  'mhchem',
  'newcommand',
  'textcomp',
  'textmacros',
  'upgreek',
];

interface Engine {
  adaptor: LiteAdaptor;
  document: MathDocument<LiteNode, LiteText, LiteElement>;
}
let engine: Engine | undefined;
let loading: Promise<Engine> | undefined;

async function createEngine(): Promise<Engine> {
  const [{ liteAdaptor }, { RegisterHTMLHandler }, { TeX }, { mathjax }, { SVG }] = await Promise.all([
    import('mathjax-full/js/adaptors/liteAdaptor.js'),
    import('mathjax-full/js/handlers/html.js'),
    import('mathjax-full/js/input/tex.js'),
    import('mathjax-full/js/mathjax.js'),
    import('mathjax-full/js/output/svg.js'),
    // Registers the TeX packages named above.
    import('mathjax-full/js/input/tex/AllPackages.js'),
  ]);
  const adaptor = liteAdaptor();
  RegisterHTMLHandler(adaptor);
  const document = mathjax.document('', {
    InputJax: new TeX({ packages: PACKAGES, maxMacros: 1000, maxBuffer: 5 * 1024 }),
    OutputJax: new SVG({ fontCache: 'none' }),
  }) as MathDocument<LiteNode, LiteText, LiteElement>;
  return { adaptor, document };
}

/** Loads MathJax once; `formulaSvg` works after this has resolved. */
export async function loadMathEngine(): Promise<void> {
  loading ??= createEngine().then(
    (made) => (engine = made),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  await loading;
}

function mathEngine(): Engine {
  if (!engine) throw new Error('MathJax not loaded: await loadMathEngine() first');
  return engine;
}

function toSvgNode(adaptor: LiteAdaptor, node: LiteNode): SvgNode {
  if (node.kind === '#text') return (node as LiteText).value;
  const element = node as LiteElement;
  const attrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(element.attributes)) attrs[name] = String(value);
  return { name: element.kind, attrs, children: (element.children ?? []).map((c) => toSvgNode(adaptor, c)) };
}

const hasError = (node: SvgNode): boolean =>
  typeof node !== 'string' && ('data-mjx-error' in node.attrs || node.children.some(hasError));

/**
 * The formula (after `loadMathEngine()`) as an <svg> element in units of 1/1000 em with the baseline at y = 0 of its view box, or
 * undefined when the LaTeX does not parse (the caller prints the source instead).
 */
export function formulaSvg(latex: string, display: boolean): SvgElement | undefined {
  if (!latex.trim()) return undefined;
  const { adaptor, document } = mathEngine();
  let container: LiteElement;
  try {
    container = document.convert(latex, { display, em: 16, ex: 8, containerWidth: 80 * 16 }) as LiteElement;
  } catch {
    return undefined;
  }
  const svg = container.children.find((c): c is LiteElement => c.kind === 'svg');
  if (!svg) return undefined;
  const element = toSvgNode(adaptor, svg);
  if (typeof element === 'string' || hasError(element)) return undefined;
  return element;
}
