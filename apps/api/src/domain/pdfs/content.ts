import { rgb } from 'pdf-lib';
import type { Figures } from '../../lib/pdf/figures';
import { GREY, type Run, type TextOptions, type Writer } from '../../lib/pdf/layout';

// The task content (the editor's JSON document) as printed: headings, paragraphs, lists, tables with borders,
// formulas and TikZ pictures as vector drawings, images embedded (lib/pdf/figures.ts makes each once per PDF,
// prepareFigures below finds them). A formula that does not parse prints its LaTeX source in red, a picture
// without a drawing a placeholder.

interface Node {
  type?: unknown;
  text?: unknown;
  attrs?: Record<string, unknown>;
  content?: unknown;
}

const ERROR = rgb(0.75, 0.1, 0.1);
/** Display formulas are set a little larger than the text, as on the pages. */
const DISPLAY_SIZE = 12.5;

/** A formula's LaTeX source (a non-string attribute prints nothing). */
const latexOf = (node: Node) => (typeof node.attrs?.latex === 'string' ? node.attrs.latex : '');
const attrOf = (node: Node, name: string) => (typeof node.attrs?.[name] === 'string' ? node.attrs[name] : '');

const children = (node: Node): Node[] =>
  Array.isArray(node.content)
    ? node.content.filter((c): c is Node => typeof c === 'object' && c !== null)
    : [];

/** Makes the figure of every formula, picture and image in the document (each once), before the layout. */
export async function prepareFigures(figures: Figures, data: unknown) {
  let yielded = performance.now();
  const visit = async (node: Node) => {
    if (node.type === 'inlineMath' || node.type === 'blockMath') {
      await figures.addFormula(latexOf(node), node.type === 'blockMath');
      // Typesetting is synchronous: let other requests run now and then.
      if (performance.now() - yielded > 20) {
        await new Promise((resolve) => setImmediate(resolve));
        yielded = performance.now();
      }
    } else if (node.type === 'tikz') await figures.addTikz(attrOf(node, 'svg'));
    else if (node.type === 'image') await figures.addImage(attrOf(node, 'src'));
    for (const child of children(node)) await visit(child);
  };
  if (typeof data === 'object' && data) await visit(data);
}

/** Writes the document's blocks; a document of another shape prints whatever text it holds. */
export function writeDocument(writer: Writer, data: unknown, figures: Figures) {
  if (typeof data !== 'object' || data === null) return;
  new Printer(writer, figures).block(data, 0);
}

class Printer {
  constructor(
    private readonly writer: Writer,
    private readonly figures: Figures,
  ) {}

  /** The inline content of a node: text, formulas and line breaks. */
  inline(node: Node): Run[] {
    if (node.type === 'text' && typeof node.text === 'string') return [{ text: node.text }];
    if (node.type === 'inlineMath') {
      const latex = latexOf(node);
      const figure = this.figures.formula(latex, false);
      return [figure ? { figure } : { text: latex, color: ERROR }];
    }
    if (node.type === 'hardBreak') return [{ lineBreak: true }];
    if (node.type === 'image' || node.type === 'tikz') return [{ text: '[Abbildung]' }];
    return children(node).flatMap((child) => this.inline(child));
  }

  /** A table cell's paragraphs, one line each. */
  cell(cell: Node): Run[] {
    return children(cell).flatMap((block, i): Run[] => [
      ...(i > 0 ? [{ lineBreak: true as const }] : []),
      ...this.inline(block),
    ]);
  }

  block(node: Node, indent: number, prefix = '') {
    const { writer } = this;
    const body: TextOptions = { size: 11, indent, after: 4 };
    const lead: Run[] = prefix ? [{ text: prefix }] : [];
    switch (node.type) {
      case 'doc':
        for (const child of children(node)) this.block(child, indent);
        return;
      case 'heading': {
        const level = Number(node.attrs?.level ?? 2);
        writer.gap(4);
        writer.rich([...lead, ...this.inline(node)], {
          size: level <= 1 ? 16 : level === 2 ? 14 : 12,
          bold: true,
          indent,
          after: 4,
        });
        return;
      }
      case 'paragraph':
        writer.rich([...lead, ...this.inline(node)], body);
        return;
      case 'blockMath': {
        const latex = latexOf(node);
        const figure = this.figures.formula(latex, true);
        if (prefix) writer.text(prefix, body);
        if (figure) writer.figure(figure, { scale: DISPLAY_SIZE, indent, center: true, after: 6 });
        else writer.text(latex, { ...body, indent: indent + 20, color: ERROR });
        return;
      }
      case 'tikz':
      case 'image': {
        const figure =
          node.type === 'tikz'
            ? this.figures.tikz(attrOf(node, 'svg'))
            : this.figures.image(attrOf(node, 'src'));
        if (prefix) writer.text(prefix, body);
        if (figure) writer.figure(figure, { indent, center: true, after: 6 });
        else writer.text('[Abbildung]', { ...body, color: GREY });
        return;
      }
      case 'codeBlock':
        writer.rich([...lead, ...this.inline(node)], { ...body, indent: indent + 10 });
        return;
      case 'bulletList':
      case 'orderedList': {
        let number = Number(node.attrs?.start ?? 1) || 1;
        for (const item of children(node)) {
          const marker = node.type === 'bulletList' ? '• ' : `${number++}. `;
          const [first, ...rest] = children(item);
          if (first) this.block(first, indent + 14, marker);
          for (const child of rest) this.block(child, indent + 14);
        }
        return;
      }
      case 'table': {
        if (prefix) writer.text(prefix, body);
        const rows = children(node).map((row) =>
          children(row).map((cell) => ({
            runs: this.cell(cell),
            header: cell.type === 'tableHeader',
            colspan: Math.max(1, Math.min(20, Math.floor(Number(cell.attrs?.colspan) || 1))),
          })),
        );
        if (rows.some((row) => row.length)) writer.table(rows, { ...body, after: 8 });
        return;
      }
      case 'horizontalRule':
        writer.gap(8);
        return;
      default: {
        const kids = children(node);
        if (kids.length === 0) {
          const runs = this.inline(node);
          if (runs.length) writer.rich([...lead, ...runs], body);
          return;
        }
        // Unknown containers (blockquote and others): their blocks, or their inline text.
        if (kids.every((k) => k.type === 'text' || k.type === 'inlineMath' || k.type === 'hardBreak')) {
          writer.rich([...lead, ...this.inline(node)], body);
        } else for (const child of kids) this.block(child, indent);
      }
    }
  }
}
