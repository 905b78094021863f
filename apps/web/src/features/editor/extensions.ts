import type { Extensions } from '@tiptap/core';
import { BlockMath, InlineMath } from '@tiptap/extension-mathematics';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import { KATEX_OPTIONS } from './katex';
import { TikzBlock } from './tikz';

/** Which kind of formula: inline in the text, or a block of its own (display style). */
export type MathKind = 'inline' | 'block';

interface TaskExtensionOptions {
  /** Called when a formula is clicked in an editable editor (opens the formula dialog). */
  onMathClick?: (kind: MathKind, node: ProseMirrorNode, pos: number) => void;
  /** Called when a TikZ picture is clicked in an editable editor (opens the TikZ dialog). */
  onTikzClick?: (node: ProseMirrorNode, pos: number) => void;
}

/**
 * The one set of extensions of the task content, used by the editor and by the read-only view alike, so that
 * what a teacher writes is what the task page shows: text with headings, lists, tables, images (data URLs),
 * LaTeX formulas rendered with KaTeX (typed inline as `$$…$$`, as a block as `$$$…$$$`, or through the
 * toolbar), and TikZ pictures rendered by the server (`tikz.ts`).
 */
export function taskExtensions(options: TaskExtensionOptions = {}): Extensions {
  const { onMathClick, onTikzClick } = options;
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      codeBlock: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
      },
    }),
    InlineMath.configure({
      katexOptions: { ...KATEX_OPTIONS, displayMode: false },
      onClick: onMathClick ? (node, pos) => onMathClick('inline', node, pos) : undefined,
    }),
    BlockMath.configure({
      katexOptions: { ...KATEX_OPTIONS, displayMode: true },
      onClick: onMathClick ? (node, pos) => onMathClick('block', node, pos) : undefined,
    }),
    Image.configure({ allowBase64: true, inline: false }),
    TableKit.configure({ table: { resizable: false } }),
    TikzBlock.configure({ onClick: onTikzClick }),
  ];
}
