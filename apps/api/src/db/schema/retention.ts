import { pgTable, primaryKey, timestamp, text } from 'drizzle-orm/pg-core';
import { classes } from './classes';

/**
 * The announcements of the retention deletion (ADR 022): one row per class and deletion date, so the teacher
 * is told once (not on every run of the daily job) and the deletion waits a month after the announcement.
 * A class that gets new work moves its deletion date, which is announced anew.
 */
export const retentionNotices = pgTable(
  'retention_notices',
  {
    // CASCADE: a deleted class needs no announcement.
    class_id: text()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    /** When the class's submissions become due for deletion (1 August after the retention period). */
    due_at: timestamp({ withTimezone: true }).notNull(),
    announced_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.class_id, t.due_at] })],
);
