import { Editor, type Content } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { cursorAfterInsertedBlock } from './commands';
import { taskExtensions } from './extensions';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function insertFormula(content: Content, cursor: number) {
  editor = new Editor({ extensions: taskExtensions(), content });
  editor.commands.setTextSelection(cursor);
  // As the formula dialog inserts it (the extension's command reads the editor's current selection).
  editor.chain().insertBlockMath({ latex: 'x^2' }).command(cursorAfterInsertedBlock).run();
  // What the next keystroke does: replace the selection with the typed text.
  editor.commands.insertContent('z');
  return editor.getJSON();
}

const paragraph = (text?: string) => ({
  type: 'paragraph',
  ...(text ? { content: [{ type: 'text', text }] } : {}),
});
const formula = { type: 'blockMath', attrs: { latex: 'x^2' } };

describe('cursorAfterInsertedBlock', () => {
  it('adds an empty paragraph after a formula at the end, and the cursor goes there', () => {
    expect(insertFormula('', 1).content).toEqual([formula, paragraph('z')]);
  });

  it('puts the cursor at the start of the text after a formula inserted in the middle of a paragraph', () => {
    expect(insertFormula({ type: 'doc', content: [paragraph('VorNach')] }, 4).content).toEqual([
      paragraph('Vor'),
      formula,
      paragraph('zNach'),
    ]);
  });

  it('keeps the formula inside a table cell and types after it', () => {
    const cell = (text: string) => ({ type: 'tableCell', content: [paragraph(text)] });
    const doc = {
      type: 'doc',
      content: [{ type: 'table', content: [{ type: 'tableRow', content: [cell('a'), cell('b')] }] }],
    };
    const json = JSON.stringify(insertFormula(doc, 5));
    expect(json).toContain('"latex":"x^2"');
    expect(json).toContain('"text":"z"');
  });
});
