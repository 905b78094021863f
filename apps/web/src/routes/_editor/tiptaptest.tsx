import { createFileRoute } from '@tanstack/react-router';
import { EditorPlayground } from '../../features/editor';

export const Route = createFileRoute('/_editor/tiptaptest')({
  component: EditorPlayground,
});
