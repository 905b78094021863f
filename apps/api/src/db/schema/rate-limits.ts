import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate limits when several API processes share one PostgreSQL (ARCHITECTURE.md §2,
 * ADR 033; lib/rate-limit-counters.ts): one row per limit and client key, counting until `expires_at`, when
 * the next count starts a new window. Each process adds what it counted in memory about once a second, and
 * near a limit or for a strict one per request. Expired rows are deleted now and then. Unused with the
 * embedded database, whose single process counts in memory.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_at_idx').on(t.expires_at)],
);
