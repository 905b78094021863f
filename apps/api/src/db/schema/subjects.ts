import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { audit, entityId } from './columns';

/** A teacher's subject (PRODUCT.md §3). Listed per teacher by updated_at descending (PRODUCT.md §7). */
export const subjects = pgTable(
  'subjects',
  {
    id: entityId(),
    name: text().notNull(),
    description: text().notNull().default(''),
    ...audit(),
  },
  (t) => [index('subjects_created_by_updated_at_idx').on(t.created_by, t.updated_at.desc().nullsFirst())],
);
