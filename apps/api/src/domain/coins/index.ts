import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coinLedger, userRoles } from '../../db/schema';

// AI credits (ARCHITECTURE.md §5) on the append-only coin_ledger: balance = sum(delta). Every write takes a
// transaction-scoped advisory lock on the user, so that concurrent charges on Postgres cannot both pass the
// balance check (PGlite has one connection and serialises anyway). Rows are never updated or deleted.

/** Ledger reasons. `start` is the one-time starting grant of ADR 009. */
export type CoinReason = 'start' | 'grant' | 'ai_job' | 'refund' | (string & {});

const DEFAULT_START_COINS = 100;
let startCoins = DEFAULT_START_COINS;

/**
 * Sets the starting grant (env AI_START_COINS) a teacher receives once, on the first balance read or charge
 * (ADR 009). Called by the ai plugin at boot; 0 turns the grant off.
 */
export function configureCoins(options: { startCoins: number }): void {
  startCoins = options.startCoins;
}

async function lockUser(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coins:${userId}`}))`);
}

async function sumOf(tx: Executor, userId: string): Promise<{ balance: number; started: boolean }> {
  const [row] = await tx
    .select({
      balance: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int`,
      started: sql<boolean>`coalesce(bool_or(${coinLedger.reason} = 'start'), false)`,
    })
    .from(coinLedger)
    .where(eq(coinLedger.user_id, userId));
  return { balance: Number(row?.balance ?? 0), started: Boolean(row?.started) };
}

/**
 * Books the starting grant once for users with a role (teachers and organization members; a student
 * account or a user on the waitlist gets none). Must run under the user's lock.
 */
async function startIfNew(tx: Executor, userId: string): Promise<void> {
  if (startCoins <= 0) return;
  const [role] = await tx
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.user_id, userId))
    .limit(1);
  if (!role) return;
  await tx
    .insert(coinLedger)
    .values({ user_id: userId, delta: startCoins, reason: 'start', reference: 'start', created_by: null });
}

/** Takes the user's lock, books the starting grant if it is still due, and resolves the balance after that. */
async function lockedBalance(tx: Executor, userId: string): Promise<number> {
  await lockUser(tx, userId);
  const current = await sumOf(tx, userId);
  if (current.started || startCoins <= 0) return current.balance;
  await startIfNew(tx, userId);
  return (await sumOf(tx, userId)).balance;
}

/** The user's balance (never negative). Books the starting grant on the first read (ADR 009). */
export async function coinBalance(db: Executor, userId: string): Promise<number> {
  const fast = await sumOf(db, userId);
  if (fast.started || startCoins <= 0) return Math.max(0, fast.balance);
  return db.transaction(async (tx) => Math.max(0, await lockedBalance(tx, userId)));
}

export interface ChargeCoins {
  userId: string;
  amount: number;
  reason: CoinReason;
  /** What the charge pays for (e.g. `feedback:<submissionId>:<jobId>`); a refund names the same reference. */
  reference: string;
}

/**
 * Takes `amount` coins atomically. Resolves false (and books nothing) when the balance is too low.
 * An amount of 0 is free and always succeeds without a row.
 */
export async function chargeCoins(db: Executor, charge: ChargeCoins): Promise<boolean> {
  return chargeCoinsEach(db, charge.userId, [charge]);
}

/**
 * Several charges of one user at once, all or nothing (a class's feedback jobs, each with its own reference so
 * that each can be refunded alone): one lock, one balance check, one insert. Resolves false (and books
 * nothing) when the balance does not cover the sum.
 */
export async function chargeCoinsEach(
  db: Executor,
  userId: string,
  charges: ReadonlyArray<Pick<ChargeCoins, 'amount' | 'reason' | 'reference'>>,
): Promise<boolean> {
  if (charges.some((c) => !Number.isInteger(c.amount) || c.amount < 0))
    throw new Error('invalid coin amount');
  const paid = charges.filter((c) => c.amount > 0);
  if (paid.length === 0) return true;
  const total = paid.reduce((sum, c) => sum + c.amount, 0);
  return db.transaction(async (tx) => {
    if ((await lockedBalance(tx, userId)) < total) return false;
    await tx.insert(coinLedger).values(
      paid.map((c) => ({
        user_id: userId,
        delta: -c.amount,
        reason: c.reason,
        reference: c.reference,
        created_by: userId,
      })),
    );
    return true;
  });
}

/**
 * Gives back what the charge with this `reference` took (at most `amount`). Idempotent per reference: a second
 * refund of the same reference books nothing. Resolves whether a row was booked.
 */
export async function refundCoins(
  db: Executor,
  refund: { userId: string; amount: number; reference: string },
): Promise<boolean> {
  if (!Number.isInteger(refund.amount) || refund.amount <= 0) return false;
  return db.transaction(async (tx) => {
    await lockUser(tx, refund.userId);
    const [done] = await tx
      .select({ id: coinLedger.id })
      .from(coinLedger)
      .where(
        and(
          eq(coinLedger.user_id, refund.userId),
          eq(coinLedger.reason, 'refund'),
          eq(coinLedger.reference, refund.reference),
        ),
      )
      .limit(1);
    if (done) return false;
    // Only what was charged under this reference comes back.
    const [charged] = await tx
      .select({ total: sql<number>`coalesce(-sum(${coinLedger.delta}), 0)::int` })
      .from(coinLedger)
      .where(
        and(
          eq(coinLedger.user_id, refund.userId),
          eq(coinLedger.reference, refund.reference),
          sql`${coinLedger.delta} < 0`,
        ),
      );
    const amount = Math.min(refund.amount, Number(charged?.total ?? 0));
    if (amount <= 0) return false;
    await tx.insert(coinLedger).values({
      user_id: refund.userId,
      delta: amount,
      reason: 'refund',
      reference: refund.reference,
      created_by: null,
    });
    return true;
  });
}

/** An organization member (or the system, `by: null`) grants coins. Returns the new balance. */
export async function grantCoins(
  db: Executor,
  grant: { userId: string; amount: number; by: string | null },
): Promise<number> {
  if (!Number.isInteger(grant.amount) || grant.amount <= 0) throw new Error('invalid coin amount');
  return db.transaction(async (tx) => {
    // Granting first must not cost the user their starting grant.
    const before = await lockedBalance(tx, grant.userId);
    await tx.insert(coinLedger).values({
      user_id: grant.userId,
      delta: grant.amount,
      reason: 'grant',
      reference: null,
      created_by: grant.by,
    });
    // Under the lock nothing else has booked since.
    return Math.max(0, before + grant.amount);
  });
}
