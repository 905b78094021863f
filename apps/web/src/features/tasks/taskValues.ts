import type { Class, CreateTaskRequest, Task, TaskData, UpdateTaskRequest } from '@app/contract';
import { fromGermanInputValue, toGermanInputValue } from '../../lib/dates';

/** What the task form holds; the one conversion to and from the API for creating and editing a task. */
export interface TaskFormValues {
  title: string;
  class_id: string;
  /** The due date as typed, "29.11.2026, 14:30" (`toGermanInputValue`), '' for none. */
  due: string;
  allow_late_submissions: boolean;
  feedback_template: string;
  data: TaskData | null;
}

/** An empty form; the class preselected when it is known, or when the teacher has only one. */
export function newTaskValues(classes: readonly Pick<Class, 'id'>[], classId?: string): TaskFormValues {
  const known = classes.find((cls) => cls.id === classId);
  return {
    title: '',
    class_id: known?.id ?? (classes.length === 1 ? (classes[0]?.id ?? '') : ''),
    due: '',
    allow_late_submissions: false,
    feedback_template: '',
    data: null,
  };
}

/** A task as its edit form shows it. */
export function taskFormValues(task: Task): TaskFormValues {
  return {
    title: task.title,
    class_id: task.class_id,
    due: toGermanInputValue(task.due_date),
    allow_late_submissions: task.allow_late_submissions,
    feedback_template: task.feedback_template ?? '',
    data: task.data,
  };
}

/**
 * The form's values as `POST /api/tasks` takes them: no due date when none was typed (and then no late
 * submissions either), an empty feedback template as none.
 */
export function createTaskRequest(values: TaskFormValues): CreateTaskRequest {
  return {
    title: values.title,
    class_id: values.class_id,
    due_date: fromGermanInputValue(values.due),
    allow_late_submissions: values.due ? values.allow_late_submissions : false,
    feedback_template: values.feedback_template.trim() || null,
    data: values.data,
  };
}

/** The same for `PATCH /api/tasks/:id`: the edit form does not move a task to another class. */
export function updateTaskRequest(values: TaskFormValues): UpdateTaskRequest {
  const { class_id: _classId, ...changes } = createTaskRequest(values);
  return changes;
}
