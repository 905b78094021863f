import { newId } from '@app/contract';
import { sql, type SQL } from 'drizzle-orm';
import { text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Column builders shared by every feature file. Property names are the JSON field names of PRODUCT.md §3; the
// SQL column names come from `casing: 'snake_case'` (drizzle.config.ts and createDatabase()).
//
// Newest-first indexes are declared `.desc().nullsFirst()`: that is the order `ORDER BY x DESC` asks for.
// drizzle-kit writes a bare `.desc()` as `DESC NULLS LAST`, which Postgres cannot use for that ORDER BY
// (it sorts instead), even on NOT NULL columns.

/** Entity primary key: a 21-character nanoid (PRODUCT.md §9), generated in the app, not by the database. */
export const entityId = () => text().primaryKey().$defaultFn(newId);

/** A user id issued by the auth provider (local auth or Supabase). No FK: users live in the auth store. */
export const userId = () => uuid();

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** `now()` on insert; drizzle sets it on every `update()` (raw SQL updates must set it themselves). */
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** created_by + created_at + updated_at, the trio most entities carry (PRODUCT.md §3). */
export const audit = () => ({
  created_by: userId().notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * `<column> in ('a', 'b', …)` for a check constraint. Status columns are text + CHECK rather than pgEnum:
 * changing a CHECK is one ordinary, transactional migration, while a Postgres enum cannot drop or rename a
 * value and a value added by `ALTER TYPE … ADD VALUE` cannot be used in the same transaction (ADR 003).
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
