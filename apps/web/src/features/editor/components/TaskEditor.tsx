import 'katex/dist/katex.min.css';
import type { TaskData } from '@app/contract';
import { Typography } from '@mantine/core';
import { NodeSelection } from '@tiptap/pm/state';
import type { EditorProps } from '@tiptap/pm/view';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cursorAfterInsertedBlock } from '../commands';
import { taskExtensions, type MathKind } from '../extensions';
import { TIKZ_NODE, type TikzAttrs } from '../tikz';
import contentClasses from './content.module.css';
import classes from './editor.module.css';
import { ImageDialog } from './ImageDialog';
import { MathDialog, type MathDialogState } from './MathDialog';
import { TikzDialog, type TikzDialogState } from './TikzDialog';
import { Toolbar } from './Toolbar';

export interface TaskEditorProps {
  /** The content the editor starts with; afterwards the editor owns the document. */
  initialContent: TaskData | null;
  /** Every change: the document as JSON, or null when it is empty. */
  onChange: (data: TaskData | null) => void;
  /** id of the visible label of the text area (its accessible name). */
  labelId: string;
  /** id of a description or error text for the text area. */
  describedBy?: string;
  invalid?: boolean;
}

const MATH_NODES: Record<string, MathKind> = { inlineMath: 'inline', blockMath: 'block' };

/**
 * The rich-text editor of the task content (tiptap): text, headings, lists, tables, images and LaTeX
 * formulas rendered with KaTeX. Loaded on demand (its own chunk, see `../lazy.tsx`).
 */
export default function TaskEditor({
  initialContent,
  onChange,
  labelId,
  describedBy,
  invalid,
}: TaskEditorProps) {
  const [math, setMath] = useState<MathDialogState | null>(null);
  const [imageOpen, setImageOpen] = useState(false);
  const [tikz, setTikz] = useState<TikzDialogState | null>(null);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The text area's props: its name and state for screen readers, and Enter on a selected formula opening
  // it for editing (formulas are reachable without a mouse).
  const editorProps = (state: { describedBy?: string; invalid?: boolean }): EditorProps => ({
    attributes: {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      ...(state.describedBy ? { 'aria-describedby': state.describedBy } : {}),
      ...(state.invalid ? { 'aria-invalid': 'true' } : {}),
    },
    handleKeyDown: (view, event) => {
      const { selection } = view.state;
      if (event.key !== 'Enter' || !(selection instanceof NodeSelection)) return false;
      if (selection.node.type.name === TIKZ_NODE) {
        setTikz({ ...(selection.node.attrs as TikzAttrs), pos: selection.from });
        return true;
      }
      const kind = MATH_NODES[selection.node.type.name];
      if (!kind) return false;
      setMath({ kind, latex: String(selection.node.attrs.latex ?? ''), pos: selection.from });
      return true;
    },
  });

  const editor = useEditor({
    extensions: taskExtensions({
      onMathClick: (kind, node, pos) => setMath({ kind, latex: String(node.attrs.latex ?? ''), pos }),
      onTikzClick: (node, pos) => setTikz({ ...(node.attrs as TikzAttrs), pos }),
    }),
    content: initialContent ?? '',
    editorProps: editorProps({ describedBy, invalid }),
    onUpdate: ({ editor: current }) => {
      onChangeRef.current(current.isEmpty ? null : (current.getJSON() as TaskData));
    },
  });

  // An error (and its description) appears after the editor was created. setOptions is safe before the
  // editor's view is mounted too.
  useEffect(() => {
    editor.setOptions({ editorProps: editorProps({ describedBy, invalid }) });
    // editorProps only depends on these values and on stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, describedBy, invalid]);

  const openMath = (kind: MathKind) => {
    const { from, to, empty } = editor.state.selection;
    // Selected text becomes the formula's source, e.g. "a^2 + b^2" typed first and then marked.
    const selected = empty ? '' : editor.state.doc.textBetween(from, to, ' ');
    setMath({ kind, latex: selected });
  };

  const closeMath = () => {
    setMath(null);
    editor.commands.focus();
  };

  const submitMath = ({ kind, latex, pos }: MathDialogState) => {
    const chain = editor.chain().focus();
    if (pos !== undefined) {
      if (kind === 'inline') chain.updateInlineMath({ latex, pos }).run();
      else chain.updateBlockMath({ latex, pos }).run();
    } else {
      const { empty } = editor.state.selection;
      const base = empty ? chain : chain.deleteSelection();
      if (kind === 'inline') base.insertInlineMath({ latex }).run();
      else base.insertBlockMath({ latex }).command(cursorAfterInsertedBlock).run();
    }
    setMath(null);
  };

  const removeMath = ({ kind, pos }: MathDialogState) => {
    const chain = editor.chain().focus();
    if (kind === 'inline') chain.deleteInlineMath({ pos }).run();
    else chain.deleteBlockMath({ pos }).run();
    setMath(null);
  };

  const closeTikz = () => {
    setTikz(null);
    editor.commands.focus();
  };

  const submitTikz = ({ source, svg, pos }: TikzDialogState) => {
    const chain = editor.chain().focus();
    if (pos !== undefined) {
      chain
        .command(({ tr }) => {
          tr.setNodeMarkup(pos, undefined, { source, svg });
          return true;
        })
        .run();
    } else {
      chain
        .insertContent({ type: TIKZ_NODE, attrs: { source, svg } })
        .command(cursorAfterInsertedBlock)
        .run();
    }
    setTikz(null);
  };

  const removeTikz = ({ pos }: TikzDialogState) => {
    if (pos === undefined) return;
    editor
      .chain()
      .focus()
      .command(({ tr }) => {
        const node = tr.doc.nodeAt(pos);
        if (node) tr.delete(pos, pos + node.nodeSize);
        return true;
      })
      .run();
    setTikz(null);
  };

  return (
    <div className={classes.frame} data-invalid={invalid || undefined}>
      <Toolbar
        editor={editor}
        onMath={openMath}
        onImage={() => setImageOpen(true)}
        onTikz={() => setTikz({ source: '', svg: null })}
      />
      <Typography>
        <EditorContent editor={editor} className={`${contentClasses.content} ${classes.editable}`} />
      </Typography>
      <MathDialog state={math} onClose={closeMath} onSubmit={submitMath} onRemove={removeMath} />
      <TikzDialog state={tikz} onClose={closeTikz} onSubmit={submitTikz} onRemove={removeTikz} />
      <ImageDialog
        opened={imageOpen}
        onClose={() => {
          setImageOpen(false);
          editor.commands.focus();
        }}
        onInsert={({ src, alt }) => {
          setImageOpen(false);
          editor.chain().focus().setImage({ src, alt }).run();
        }}
      />
    </div>
  );
}
