import { lazy, Suspense, type ReactNode } from 'react';
import classes from './ContentView.module.css';
import TikzPicture from './TikzPicture';

/**
 * A tiny read-only renderer of the task content (tiptap/ProseMirror JSON) for the students' pages and the task page:
 * paragraphs, headings, lists, quotes, tables, images, TikZ pictures (SVG the server rendered) and text marks,
 * without loading the editor. KaTeX comes in a chunk of its own, only when the document has formulas.
 */

interface JsonNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: Array<{ type?: string; attrs?: Record<string, unknown> }>;
  content?: JsonNode[];
}

const MathFormula = lazy(() => import('./MathFormula'));

const SAFE_LINK = /^(https?:|mailto:)/i;
const SAFE_IMAGE = /^(data:image\/(png|jpe?g|gif|webp|avif);|https?:|\/)/i;

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function renderText(node: JsonNode, key: number): ReactNode {
  let out: ReactNode = node.text ?? '';
  for (const mark of node.marks ?? []) {
    switch (mark.type) {
      case 'bold':
        out = <strong>{out}</strong>;
        break;
      case 'italic':
        out = <em>{out}</em>;
        break;
      case 'underline':
        out = <u>{out}</u>;
        break;
      case 'strike':
        out = <s>{out}</s>;
        break;
      case 'code':
        out = <code>{out}</code>;
        break;
      case 'link': {
        const href = str(mark.attrs?.href);
        if (SAFE_LINK.test(href)) {
          out = (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow">
              {out}
            </a>
          );
        }
        break;
      }
      default:
        break;
    }
  }
  return <span key={key}>{out}</span>;
}

function children(node: JsonNode): ReactNode {
  return (node.content ?? []).map((child, index) => renderNode(child, index));
}

function renderNode(node: JsonNode, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return renderText(node, key);
    case 'paragraph':
      return <p key={key}>{children(node)}</p>;
    case 'heading': {
      const level = Number(node.attrs?.level);
      // The page title is the h1 and the content sits below an h2: content headings start at h3.
      const Tag = level <= 2 ? 'h3' : level === 3 ? 'h4' : 'h5';
      return <Tag key={key}>{children(node)}</Tag>;
    }
    case 'bulletList':
      return <ul key={key}>{children(node)}</ul>;
    case 'orderedList': {
      const start = Number(node.attrs?.start);
      return (
        <ol key={key} start={Number.isFinite(start) && start !== 1 ? start : undefined}>
          {children(node)}
        </ol>
      );
    }
    case 'listItem':
      return <li key={key}>{children(node)}</li>;
    case 'blockquote':
      return <blockquote key={key}>{children(node)}</blockquote>;
    case 'hardBreak':
      return <br key={key} />;
    case 'horizontalRule':
      return <hr key={key} />;
    case 'image': {
      const src = str(node.attrs?.src);
      if (!SAFE_IMAGE.test(src)) return null;
      return (
        <img key={key} src={src} alt={str(node.attrs?.alt)} title={str(node.attrs?.title) || undefined} />
      );
    }
    case 'table':
      return (
        <div key={key} className={classes.tableWrapper}>
          <table>
            <tbody>{children(node)}</tbody>
          </table>
        </div>
      );
    case 'tableRow':
      return <tr key={key}>{children(node)}</tr>;
    case 'tableHeader':
    case 'tableCell': {
      const Tag = node.type === 'tableHeader' ? 'th' : 'td';
      const colSpan = Number(node.attrs?.colspan) || undefined;
      const rowSpan = Number(node.attrs?.rowspan) || undefined;
      return (
        <Tag
          key={key}
          colSpan={colSpan !== 1 ? colSpan : undefined}
          rowSpan={rowSpan !== 1 ? rowSpan : undefined}
        >
          {children(node)}
        </Tag>
      );
    }
    case 'inlineMath':
    case 'blockMath': {
      const latex = str(node.attrs?.latex);
      const block = node.type === 'blockMath';
      const Tag = block ? 'div' : 'span';
      return (
        <Suspense key={key} fallback={<Tag className={classes.mathFallback}>{latex}</Tag>}>
          <MathFormula latex={latex} block={block} />
        </Suspense>
      );
    }
    case 'tikz': {
      const svg = node.attrs?.svg;
      return (
        <TikzPicture key={key} source={str(node.attrs?.source)} svg={typeof svg === 'string' ? svg : null} />
      );
    }
    default:
      return node.content ? <span key={key}>{children(node)}</span> : null;
  }
}

export function ContentView({ data }: { data: unknown }) {
  const doc = (data && typeof data === 'object' ? data : {}) as JsonNode;
  return <div className={classes.content}>{children(doc)}</div>;
}
