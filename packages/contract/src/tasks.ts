import { z } from 'zod';
import { ZTimestamp, zRequiredString } from './common';
import { errorMessages } from './errors';
import { ZId, ZUserId, zId } from './ids';

/** DESIGN §5: `/submit/{taskId}` accepts uploads only while `published`. */
export const TASK_STATUSES = ['draft', 'published', 'closed'] as const;
export const ZTaskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof ZTaskStatus>;

/** The task content (`data`): a JSON document such as the editor's, opaque to the contract. */
export const ZTaskData = z.record(z.string(), z.unknown());
export type TaskData = z.infer<typeof ZTaskData>;

export const ZTask = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  class_id: ZId,
  due_date: ZTimestamp.nullable(),
  status: ZTaskStatus,
  data: ZTaskData.nullable(),
  feedback_template: z.string().nullable(),
  /** DESIGN §5: uploads after `due_date` are accepted only when this is true. */
  allow_late_submissions: z.boolean(),
  created_at: ZTimestamp,
  created_by: ZUserId,
  updated_at: ZTimestamp,
});
export type Task = z.infer<typeof ZTask>;

const taskFields = {
  title: zRequiredString(errorMessages.TASK_TITLE_REQUIRED),
  description: z.string(),
  class_id: ZId,
  due_date: ZTimestamp.nullable(),
  status: ZTaskStatus,
  data: ZTaskData.nullable(),
  feedback_template: z.string().nullable(),
  allow_late_submissions: z.boolean(),
};

/** `POST /api/tasks` (spec §5: 'Aufgaben-Titel ist erforderlich'). */
export const ZCreateTaskRequest = z.object({
  ...taskFields,
  description: taskFields.description.default(''),
  due_date: taskFields.due_date.default(null),
  status: taskFields.status.default('draft'),
  data: taskFields.data.default(null),
  feedback_template: taskFields.feedback_template.default(null),
  allow_late_submissions: taskFields.allow_late_submissions.default(false),
});
export type CreateTaskRequest = z.input<typeof ZCreateTaskRequest>;
export const ZCreateTaskResponse = ZTask;
export type CreateTaskResponse = z.infer<typeof ZCreateTaskResponse>;

/** `/api/tasks/:id` params; a missing or malformed id answers 'Aufgaben-ID nicht gefunden' (spec §5). */
export const ZTaskParams = z.object({ id: zId(errorMessages.TASK_ID_MISSING) });
export type TaskParams = z.infer<typeof ZTaskParams>;

/** `PATCH /api/tasks/:id`: only the fields sent change; unknown keys (a whole row) are dropped. */
export const ZUpdateTaskRequest = z.object(taskFields).partial();
export type UpdateTaskRequest = z.infer<typeof ZUpdateTaskRequest>;
export const ZUpdateTaskResponse = ZTask;
export type UpdateTaskResponse = z.infer<typeof ZUpdateTaskResponse>;

/** `GET /api/tasks?class_id=…`, ordered by `created_at` descending (spec §7). */
export const ZListTasksRequest = z.object({ class_id: ZId.optional() });
export type ListTasksRequest = z.infer<typeof ZListTasksRequest>;
export const ZListTasksResponse = z.array(ZTask);
export type ListTasksResponse = z.infer<typeof ZListTasksResponse>;

export const ZGetTaskResponse = ZTask;
export type GetTaskResponse = z.infer<typeof ZGetTaskResponse>;

export const ZDeleteTaskResponse = z.object({ id: ZId });
export type DeleteTaskResponse = z.infer<typeof ZDeleteTaskResponse>;
