import { Group, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { de } from '../../i18n/de';
import type { TaskContentProps } from './components/TaskContent';
import type { TaskEditorProps } from './components/TaskEditor';

/**
 * The editor (tiptap, ProseMirror) and KaTeX with its fonts and CSS are large: they come in chunks of their
 * own, loaded by the pages that show or edit task content, never by the landing page, the sign-in pages or
 * the students' submit page.
 */

const TaskEditor = lazy(() => import('./components/TaskEditor'));
const TaskContent = lazy(() => import('./components/TaskContent'));

function Loading({ text }: { text: string }) {
  return (
    <Group gap="xs" py="md" role="status">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

export function LazyTaskEditor(props: TaskEditorProps) {
  return (
    <Suspense fallback={<Loading text={de.editor.loading} />}>
      <TaskEditor {...props} />
    </Suspense>
  );
}

export function LazyTaskContent(props: TaskContentProps) {
  return (
    <Suspense fallback={<Loading text={de.editor.loadingContent} />}>
      <TaskContent {...props} />
    </Suspense>
  );
}
