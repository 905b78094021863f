import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, entityId, userId } from './columns';

/** A message to one user (PRODUCT.md §3 notification payload), e.g. "Feedback fertig". */
export const notifications = pgTable(
  'notifications',
  {
    id: entityId(),
    type: text().notNull(),
    title: text().notNull(),
    details: text().notNull().default(''),
    link_to: text(),
    receiver_user_id: userId().notNull(),
    /** Null for notifications the system sends on its own (e.g. a background job finished). */
    created_by: userId(),
    read_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('notifications_receiver_user_id_created_at_idx').on(
      t.receiver_user_id,
      t.created_at.desc().nullsFirst(),
    ),
  ],
);
