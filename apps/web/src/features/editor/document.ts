import { TASK_DATA_MAX_LENGTH, type TaskData } from '@app/contract';

/**
 * The task content (`data`) as the editor keeps it: a tiptap/ProseMirror JSON document. Pure helpers that
 * pages may use without loading the editor.
 */

export type { TaskData };

/** True for no content at all or a document with nothing but empty paragraphs. */
export function isEmptyTaskData(data: TaskData | null | undefined): boolean {
  if (!data) return true;
  const content = (data as { content?: unknown }).content;
  if (!Array.isArray(content)) return true;
  return content.every(
    (node) =>
      typeof node === 'object' &&
      node !== null &&
      (node as { type?: unknown }).type === 'paragraph' &&
      !Array.isArray((node as { content?: unknown }).content),
  );
}

/** Characters the content takes on the wire; the API accepts at most `TASK_DATA_MAX_LENGTH`. */
function taskDataLength(data: TaskData | null): number {
  return data ? JSON.stringify(data).length : 0;
}

export function isTaskDataTooLarge(data: TaskData | null): boolean {
  return taskDataLength(data) > TASK_DATA_MAX_LENGTH;
}
