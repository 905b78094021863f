import type { CommandProps } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';

/**
 * After a block (a display formula) was inserted, the editor selects the block itself, so the next keystroke
 * would replace it. Put the text cursor after it instead: at the start of the following paragraph, or in a new
 * empty paragraph when none follows.
 */
export function cursorAfterInsertedBlock({ tr, state }: CommandProps): boolean {
  const { selection } = tr;
  if (!(selection instanceof NodeSelection) || !selection.node.isBlock) return true;
  const end = selection.to;
  const $end = tr.doc.resolve(end);
  if (!$end.nodeAfter?.isTextblock) {
    const paragraph = state.schema.nodes.paragraph;
    const index = $end.index();
    if (!paragraph || !$end.parent.canReplaceWith(index, index, paragraph)) return true;
    tr.insert(end, paragraph.create());
  }
  tr.setSelection(TextSelection.create(tr.doc, end + 1)).scrollIntoView();
  return true;
}
