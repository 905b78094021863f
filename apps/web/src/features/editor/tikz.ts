import { mergeAttributes, Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { tikzPictureText } from '@app/contract';
import { deTikz } from '../../i18n/de.tikz';

/**
 * A TikZ picture in the task content: `{ type: 'tikz', attrs: { source, svg } }`. `source` is what the teacher
 * typed; `svg` is the picture as the server rendered and sanitised it — the server sets it again whenever the
 * task is saved (ADR 016), so the pages may put it into the page as it is. Without `svg` (not rendered, or a
 * TeX error) the source is shown instead.
 */

export interface TikzAttrs {
  source: string;
  svg: string | null;
}

export interface TikzOptions {
  /** Called when the picture is clicked in an editable editor (opens the TikZ dialog). */
  onClick?: (node: ProseMirrorNode, pos: number) => void;
}

export const TIKZ_NODE = 'tikz';

/** Fills `dom` with the picture, or with the source when there is none. */
export function renderTikzInto(dom: HTMLElement, attrs: TikzAttrs): void {
  dom.replaceChildren();
  if (attrs.svg?.startsWith('<svg')) {
    dom.setAttribute('role', 'img');
    const text = tikzPictureText(attrs.svg);
    dom.setAttribute('aria-label', text ? deTikz.pictureLabelWithText(text) : deTikz.pictureLabel);
    // Server-rendered and sanitised SVG (no scripts, no outside references).
    dom.innerHTML = attrs.svg;
    return;
  }
  dom.removeAttribute('role');
  dom.removeAttribute('aria-label');
  const note = document.createElement('p');
  note.textContent = deTikz.notRendered;
  const code = document.createElement('pre');
  code.textContent = attrs.source;
  dom.append(note, code);
}

export const TikzBlock = Node.create<TikzOptions>({
  name: TIKZ_NODE,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,

  addOptions() {
    return { onClick: undefined };
  },

  addAttributes() {
    return {
      source: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-source') ?? '',
        renderHTML: (attributes) => ({ 'data-source': String(attributes.source ?? '') }),
      },
      // Never taken from pasted HTML: only the server's own picture goes into the page.
      svg: { default: null, rendered: false, parseHTML: () => null },
    };
  },

  parseHTML() {
    return [{ tag: 'div[data-tikz]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { 'data-tikz': '' })];
  },

  addNodeView() {
    return ({ node, getPos, editor }) => {
      let current = node;
      const dom = document.createElement('div');
      dom.setAttribute('data-tikz', '');
      renderTikzInto(dom, current.attrs as TikzAttrs);
      const { onClick } = this.options;
      if (onClick) {
        dom.addEventListener('click', () => {
          const pos = getPos();
          if (editor.isEditable && typeof pos === 'number') onClick(current, pos);
        });
      }
      return {
        dom,
        update: (updated) => {
          if (updated.type !== current.type) return false;
          if (updated.attrs.svg !== current.attrs.svg || updated.attrs.source !== current.attrs.source)
            renderTikzInto(dom, updated.attrs as TikzAttrs);
          current = updated;
          return true;
        },
      };
    };
  },
});
