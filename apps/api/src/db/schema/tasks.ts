import { TASK_STATUSES } from '@app/contract';
import { boolean, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { classes } from './classes';
import { audit, entityId, oneOf } from './columns';

/**
 * A task (assignment) of a teacher (PRODUCT.md §3). Listed per teacher by created_at descending
 * (PRODUCT.md §7).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: entityId(),
    title: text().notNull(),
    description: text().notNull().default(''),
    // CASCADE: deleting a class deletes its tasks, and through them submissions, files and feedback.
    class_id: text()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    due_date: timestamp({ withTimezone: true }),
    // Values: the contract's TASK_STATUSES (ARCHITECTURE.md §5), text + CHECK (see oneOf()).
    status: text({ enum: TASK_STATUSES }).notNull().default('draft'),
    /** ARCHITECTURE.md §5: uploads after due_date are refused unless this is set. */
    allow_late_submissions: boolean().notNull().default(false),
    /** Task content (editor document); shape owned by the contract package. */
    data: jsonb(),
    feedback_template: text(),
    ...audit(),
  },
  (t) => [
    check('tasks_status_check', oneOf(t.status, TASK_STATUSES)),
    index('tasks_created_by_created_at_idx').on(t.created_by, t.created_at.desc().nullsFirst()),
    index('tasks_class_id_idx').on(t.class_id),
  ],
);
