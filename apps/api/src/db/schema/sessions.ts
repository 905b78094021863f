import { index, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { userId } from './columns';

/**
 * Users whose sessions were ended: the account was deleted or banned. Access tokens issued until `revoked_at`
 * and refresh tokens of sessions started until then are refused by every API process (auth/revocations.ts).
 * One row per user; a later revocation moves the time. No FK: users live in the auth store.
 */
export const sessionRevocations = pgTable(
  'session_revocations',
  {
    user_id: userId().primaryKey(),
    revoked_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('session_revocations_revoked_at_idx').on(t.revoked_at)],
);
