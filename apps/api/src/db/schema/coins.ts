import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, entityId, userId } from './columns';

/**
 * AI credits (ARCHITECTURE.md §5) as an append-only ledger: the balance is sum(delta) per user, so a grant, a
 * charge and its refund are each one row and the history explains the balance. Never update or delete rows.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: entityId(),
    user_id: userId().notNull(),
    /** Positive for grants and refunds, negative for charges. */
    delta: integer().notNull(),
    /** Why: e.g. 'grant', 'ai_job', 'refund'. */
    reason: text().notNull(),
    /** What it is about, e.g. a job or submission id. */
    reference: text(),
    /** Null when the system books it (e.g. a refund for a failed job). */
    created_by: userId(),
    created_at: createdAt(),
  },
  (t) => [
    index('coin_ledger_user_id_idx').on(t.user_id),
    check('coin_ledger_delta_check', sql`${t.delta} <> 0`),
  ],
);
