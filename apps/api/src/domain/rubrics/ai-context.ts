import type { TaskData } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { classes, subjects, tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { accessible } from '../access';

// What the AI gets to know about a task (ARCHITECTURE.md §7): its text, subject and class — never student data.

interface DocNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
}

/** The task content (tiptap JSON) as plain text: blocks on lines, formulas as LaTeX, table rows as `a | b`. */
export function taskContentText(data: TaskData | null | undefined): string {
  if (!data) return '';
  const text = (node: DocNode): string => {
    const inner = () => (node.content ?? []).map(text).join('');
    const latex = typeof node.attrs?.latex === 'string' ? node.attrs.latex : '';
    switch (node.type) {
      case 'text':
        return node.text ?? '';
      case 'inlineMath':
        return `$${latex}$`;
      case 'blockMath':
        return `$$${latex}$$\n`;
      case 'hardBreak':
        return '\n';
      case 'listItem':
        return `- ${inner().trim()}\n`;
      case 'tableRow':
        return `${(node.content ?? []).map((cell) => text(cell).replace(/\s+/g, ' ').trim()).join(' | ')}\n`;
      case 'paragraph':
      case 'heading':
      case 'blockquote':
      case 'codeBlock':
        return `${inner()}\n`;
      default:
        return inner();
    }
  };
  return text(data)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface AiTaskContext {
  task: { id: string; title: string; description: string; content: string };
  subject: { id: string; name: string };
  classes: { id: string; name: string; grade: string }[];
}

/**
 * Task, subject and class of a task `viewerId` may view, as the AI operations take them; 404 TASK_NOT_FOUND
 * otherwise. The operation asks for its own verb first.
 */
export async function aiTaskContext(db: Executor, viewerId: string, taskId: string): Promise<AiTaskContext> {
  const [row] = await db
    .select({ task: tasks, cls: classes, subject: subjects })
    .from(tasks)
    .innerJoin(classes, eq(classes.id, tasks.class_id))
    .innerJoin(subjects, eq(subjects.id, classes.subject_id))
    .where(and(eq(tasks.id, taskId), accessible.tasks('view', viewerId)));
  if (!row) throw new AppError('TASK_NOT_FOUND');
  return {
    task: {
      id: row.task.id,
      title: row.task.title,
      description: row.task.description,
      content: taskContentText(row.task.data as TaskData | null),
    },
    subject: { id: row.subject.id, name: row.subject.name },
    classes: [{ id: row.cls.id, name: row.cls.name, grade: row.cls.grade }],
  };
}
