import { CLASS_ROLES, CLASS_TEACHER_STATUSES, newId } from '@app/contract';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { audit, createdAt, entityId, oneOf, userId } from './columns';
import { subjects } from './subjects';

/** A teacher's class (PRODUCT.md §3). Listed per teacher by updated_at descending (PRODUCT.md §7). */
export const classes = pgTable(
  'classes',
  {
    id: entityId(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Free text: "7", "10b", "Q1", "EF" — German grade names are not numbers. */
    grade: text().notNull(),
    // RESTRICT: a subject still used by a class cannot be deleted; the API maps the 23503 to 409
    // SUBJECT_IN_USE ('Fach kann nicht gelöscht werden, da es noch in Klassen verwendet wird').
    subject_id: text()
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    /** Unguessable token students use to join the class; rotate it by writing a new one. */
    join_token: text().notNull().unique().$defaultFn(newId),
    ...audit(),
  },
  (t) => [
    index('classes_created_by_updated_at_idx').on(t.created_by, t.updated_at.desc().nullsFirst()),
    // Serves the RESTRICT check when a subject is deleted (otherwise a sequential scan of classes).
    index('classes_subject_id_idx').on(t.subject_id),
  ],
);

/**
 * Membership of a student (an auth user) in a class. Removing a student removes only this row
 * (PRODUCT.md §4).
 */
export const classUser = pgTable(
  'class_user',
  {
    // CASCADE: deleting a class removes its memberships; the student accounts stay.
    class_id: text()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    user_id: userId().notNull(),
    created_by: userId().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    // The primary key (class_id, user_id) also serves "filter by class_id" (PRODUCT.md §7).
    primaryKey({ columns: [t.class_id, t.user_id] }),
    index('class_user_user_id_idx').on(t.user_id),
  ],
);

/**
 * The colleagues a class is shared with (co-teaching, ARCHITECTURE.md §11), each with a role: the access
 * policy's verb they may use. The owner is `classes.created_by` and has no row here. A colleague who has not
 * accepted yet (`pending`) has no access. Kept apart from class_user, which holds the class's students only.
 */
export const classTeachers = pgTable(
  'class_teachers',
  {
    // CASCADE: deleting a class ends its sharing.
    class_id: text()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    user_id: userId().notNull(),
    role: text({ enum: CLASS_ROLES }).notNull(),
    status: text({ enum: CLASS_TEACHER_STATUSES }).notNull().default('pending'),
    invited_by: userId().notNull(),
    created_at: createdAt(),
    accepted_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.class_id, t.user_id] }),
    // "The classes shared with me": every access check of a colleague starts here.
    index('class_teachers_user_id_idx').on(t.user_id, t.status),
    check('class_teachers_role_check', oneOf(t.role, CLASS_ROLES)),
    check('class_teachers_status_check', oneOf(t.status, CLASS_TEACHER_STATUSES)),
  ],
);
