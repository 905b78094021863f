import { PDF_EXPORT_FORMATS, PDF_EXPORT_STATUSES } from '@app/contract';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, entityId, oneOf, userId } from './columns';
import { tasks } from './tasks';

/**
 * A class export of a task's feedback sheets (PRODUCT.md §4 "PDF-Vorlagen"): one background job that makes
 * the sheets one by one (`done` of `total`) and stores the merged PDF or the ZIP under `storage_key`. Rows
 * and stored files are removed after a day (domain/pdfs/exports.ts).
 */
export const pdfExports = pgTable(
  'pdf_exports',
  {
    id: entityId(),
    // CASCADE: a deleted task takes its exports; its stored files go with the task's storage prefix.
    task_id: text()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    format: text({ enum: PDF_EXPORT_FORMATS }).notNull(),
    status: text({ enum: PDF_EXPORT_STATUSES }).notNull().default('queued'),
    done: integer().notNull().default(0),
    total: integer().notNull(),
    /** Why the export failed, in German for the teacher. */
    error: text(),
    file_name: text(),
    /** Set once the file is stored. */
    storage_key: text(),
    /** The teacher who asked; the job makes the sheets with their rights. */
    created_by: userId().notNull(),
    created_at: createdAt(),
    finished_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('pdf_exports_format_check', oneOf(t.format, PDF_EXPORT_FORMATS)),
    check('pdf_exports_status_check', oneOf(t.status, PDF_EXPORT_STATUSES)),
    index('pdf_exports_task_id_idx').on(t.task_id),
    index('pdf_exports_created_at_idx').on(t.created_at),
  ],
);
