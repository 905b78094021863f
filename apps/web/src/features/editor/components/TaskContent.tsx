import 'katex/dist/katex.min.css';
import type { TaskData } from '@app/contract';
import { Typography } from '@mantine/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { useMemo } from 'react';
import { taskExtensions } from '../extensions';
import contentClasses from './content.module.css';

export interface TaskContentProps {
  data: TaskData;
  /** Accessible name of the content region. */
  label: string;
}

/** The task content rendered read-only with the editor's own extensions (formulas through KaTeX). */
export default function TaskContent({ data, label }: TaskContentProps) {
  // A saved edit shows at once: other content makes a new (read-only, cheap) editor.
  const contentKey = useMemo(() => JSON.stringify(data), [data]);
  const editor = useEditor(
    {
      extensions: taskExtensions(),
      content: data,
      editable: false,
      editorProps: { attributes: { role: 'document', 'aria-label': label } },
    },
    [contentKey, label],
  );

  return (
    <Typography>
      <EditorContent editor={editor} className={contentClasses.content} />
    </Typography>
  );
}
