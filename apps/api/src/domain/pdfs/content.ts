import type { TextOptions, Writer } from './layout';

// The task content (the editor's JSON document) as printed text: headings, paragraphs, lists, tables as
// rows of cells. Formulas are printed as their LaTeX source between $ signs; pictures as a placeholder.

interface Node {
  type?: unknown;
  text?: unknown;
  attrs?: Record<string, unknown>;
  content?: unknown;
}

/** A formula's LaTeX source (a non-string attribute prints nothing). */
const latexOf = (node: Node) => (typeof node.attrs?.latex === 'string' ? node.attrs.latex : '');

const children = (node: Node): Node[] =>
  Array.isArray(node.content)
    ? node.content.filter((c): c is Node => typeof c === 'object' && c !== null)
    : [];

/** The inline text of a node (its text and formulas, line breaks as spaces). */
function inline(node: Node): string {
  if (node.type === 'text' && typeof node.text === 'string') return node.text;
  if (node.type === 'inlineMath') return `$${latexOf(node)}$`;
  if (node.type === 'hardBreak') return ' ';
  if (node.type === 'image' || node.type === 'tikz') return '[Abbildung]';
  return children(node).map(inline).join('');
}

/** Writes the document's blocks; a document of another shape prints whatever text it holds. */
export function writeDocument(writer: Writer, data: unknown) {
  if (typeof data !== 'object' || data === null) return;
  block(writer, data, 0);
}

function block(writer: Writer, node: Node, indent: number, prefix = '') {
  const body: TextOptions = { size: 11, indent, after: 4 };
  switch (node.type) {
    case 'doc':
      for (const child of children(node)) block(writer, child, indent);
      return;
    case 'heading': {
      const level = Number(node.attrs?.level ?? 2);
      writer.gap(4);
      writer.text(prefix + inline(node), {
        size: level <= 1 ? 16 : level === 2 ? 14 : 12,
        bold: true,
        indent,
        after: 4,
      });
      return;
    }
    case 'paragraph':
      writer.text(prefix + inline(node), body);
      return;
    case 'blockMath':
      writer.text(`${prefix}$$ ${latexOf(node)} $$`, { ...body, indent: indent + 20 });
      return;
    case 'codeBlock':
      writer.text(prefix + inline(node), { ...body, indent: indent + 10 });
      return;
    case 'bulletList':
    case 'orderedList': {
      let number = Number(node.attrs?.start ?? 1) || 1;
      for (const item of children(node)) {
        const marker = node.type === 'bulletList' ? '• ' : `${number++}. `;
        const [first, ...rest] = children(item);
        if (first) block(writer, first, indent + 14, marker);
        for (const child of rest) block(writer, child, indent + 14);
      }
      return;
    }
    case 'table':
      for (const row of children(node)) {
        const cells = children(row).map(inline);
        const header = children(row).some((c) => c.type === 'tableHeader');
        writer.text(prefix + cells.map((c) => c || '____').join('  |  '), { ...body, bold: header });
      }
      writer.gap(4);
      return;
    case 'horizontalRule':
      writer.gap(8);
      return;
    default: {
      const kids = children(node);
      if (kids.length === 0) {
        const text = inline(node);
        if (text) writer.text(prefix + text, body);
        return;
      }
      // Unknown containers (blockquote and others): their blocks, or their inline text.
      if (kids.every((k) => k.type === 'text' || k.type === 'inlineMath' || k.type === 'hardBreak')) {
        writer.text(prefix + inline(node), body);
      } else for (const child of kids) block(writer, child, indent);
    }
  }
}
