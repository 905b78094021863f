import { z } from 'zod';
import { ZTimestamp, zRequiredString } from './common';
import { errorMessages } from './errors';
import { ZId, ZUserId, zId } from './ids';
import { TASK_STATUSES } from './public';
import { isCleanDocument, TEXT_CONTROL_MESSAGE, zMultiline } from './text';

export const ZTaskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof ZTaskStatus>;

/**
 * Allowed status changes (ARCHITECTURE.md §5 `draft` → `published` → `closed`). A closed task may be
 * published again (reopened, e.g. for a latecomer). Nothing goes back to `draft`: once students could hand
 * in, the task never becomes invisible again. Setting the same status is always allowed (no change). A new
 * task starts as `draft` or `published`.
 */
export const TASK_STATUS_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  draft: ['published'],
  published: ['closed'],
  closed: ['published'],
};
export const TASK_INITIAL_STATUSES: readonly TaskStatus[] = ['draft', 'published'];

/** True when a task in status `from` may be set to `to` (the same status counts as allowed). */
export function canChangeTaskStatus(from: TaskStatus, to: TaskStatus): boolean {
  return from === to || TASK_STATUS_TRANSITIONS[from].includes(to);
}

/** The statuses a task may be in for a change to `to` to be allowed. */
export function taskStatusesAllowingChangeTo(to: TaskStatus): TaskStatus[] {
  return TASK_STATUSES.filter((from) => canChangeTaskStatus(from, to));
}

/** The task content (`data`): a JSON document such as the editor's, opaque to the contract. */
export const ZTaskData = z.record(z.string(), z.unknown());
export type TaskData = z.infer<typeof ZTaskData>;

/**
 * Upper bound of the serialised task content in characters. Images do not belong inline (they are files),
 * so a long worksheet with formulas and tables stays far below it.
 */
export const TASK_DATA_MAX_LENGTH = 256 * 1024;

/**
 * `data` as a client sends it: a JSON object of at most TASK_DATA_MAX_LENGTH (code `TASK_DATA_TOO_LARGE`)
 * whose texts follow the rule of multi-line text (text.ts).
 */
export const ZTaskDataInput = ZTaskData.refine(
  (value) => JSON.stringify(value).length <= TASK_DATA_MAX_LENGTH,
  { error: errorMessages.TASK_DATA_TOO_LARGE },
).refine(isCleanDocument, { error: TEXT_CONTROL_MESSAGE });

export const ZTask = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  class_id: ZId,
  due_date: ZTimestamp.nullable(),
  status: ZTaskStatus,
  data: ZTaskData.nullable(),
  feedback_template: z.string().nullable(),
  /** ARCHITECTURE.md §5: uploads after `due_date` are accepted only when this is true. */
  allow_late_submissions: z.boolean(),
  created_at: ZTimestamp,
  created_by: ZUserId,
  updated_at: ZTimestamp,
});
export type Task = z.infer<typeof ZTask>;

const taskFields = {
  title: zRequiredString(errorMessages.TASK_TITLE_REQUIRED),
  description: zMultiline(),
  class_id: ZId,
  due_date: ZTimestamp.nullable(),
  status: ZTaskStatus,
  data: ZTaskDataInput.nullable(),
  feedback_template: zMultiline().nullable(),
  allow_late_submissions: z.boolean(),
};

/** `POST /api/tasks` (PRODUCT.md §5: 'Aufgaben-Titel ist erforderlich'). */
export const ZCreateTaskRequest = z.object({
  ...taskFields,
  description: taskFields.description.default(''),
  due_date: taskFields.due_date.default(null),
  status: taskFields.status
    .refine((status) => TASK_INITIAL_STATUSES.includes(status), {
      error: errorMessages.TASK_STATUS_TRANSITION_INVALID,
    })
    .default('draft'),
  data: taskFields.data.default(null),
  feedback_template: taskFields.feedback_template.default(null),
  allow_late_submissions: taskFields.allow_late_submissions.default(false),
});
export type CreateTaskRequest = z.input<typeof ZCreateTaskRequest>;
export const ZCreateTaskResponse = ZTask;
export type CreateTaskResponse = z.infer<typeof ZCreateTaskResponse>;

/**
 * `/api/tasks/:id` params; a missing or malformed id answers 'Aufgaben-ID nicht gefunden' (PRODUCT.md §5).
 */
export const ZTaskParams = z.object({ id: zId(errorMessages.TASK_ID_MISSING) });
export type TaskParams = z.infer<typeof ZTaskParams>;

/**
 * `PATCH /api/tasks/:id`: only the fields sent change; unknown keys (a whole row) are dropped. A status
 * change must be allowed by TASK_STATUS_TRANSITIONS (else 409 `TASK_STATUS_TRANSITION_INVALID`).
 */
export const ZUpdateTaskRequest = z.object(taskFields).partial();
export type UpdateTaskRequest = z.infer<typeof ZUpdateTaskRequest>;

/**
 * `PATCH /api/tasks` with the id in the body, as the original's update(task) after creation (PRODUCT.md §4):
 * without an id 400 'Aufgaben-ID nicht gefunden' (PRODUCT.md §5).
 */
export const ZUpdateTaskWithIdRequest = ZUpdateTaskRequest.extend({ id: zId(errorMessages.TASK_ID_MISSING) });
export type UpdateTaskWithIdRequest = z.infer<typeof ZUpdateTaskWithIdRequest>;
export const ZUpdateTaskResponse = ZTask;
export type UpdateTaskResponse = z.infer<typeof ZUpdateTaskResponse>;

/**
 * `GET /api/tasks?classId=…`, ordered by `created_at` descending (PRODUCT.md §7). Without
 * `classId`: every task of the caller. A class that is not the caller's answers 404 `CLASS_NOT_FOUND`.
 */
export const ZListTasksRequest = z.object({ classId: ZId.optional() });
export type ListTasksRequest = z.infer<typeof ZListTasksRequest>;
export const ZListTasksResponse = z.array(ZTask);
export type ListTasksResponse = z.infer<typeof ZListTasksResponse>;

export const ZGetTaskResponse = ZTask;
export type GetTaskResponse = z.infer<typeof ZGetTaskResponse>;

export const ZDeleteTaskResponse = z.object({ id: ZId });
export type DeleteTaskResponse = z.infer<typeof ZDeleteTaskResponse>;
