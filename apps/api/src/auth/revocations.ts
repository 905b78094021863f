import { eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import { sessionRevocations } from '../db/schema';

// Ended sessions. An access token is a JWT that stays valid until it expires; when an account is deleted or
// banned, its sessions must end at once in every API process (ARCHITECTURE.md §2: several processes share
// one database). A revocation is a row of session_revocations (user, time) and a notification on
// REVOCATION_CHANNEL; every process keeps the recent ones in memory (loaded at start, kept current by the
// notifications) and refuses tokens issued until then. The refresh grant of the built-in auth reads the row
// itself (local-auth/token.ts).

/** NOTIFY channel; the payload is `{ "user_id", "revoked_at" }` (milliseconds). */
export const REVOCATION_CHANNEL = 'kz_sessions_revoked';

/**
 * The longest an access token may live: the built-in auth issues at most a day (JWT_EXPIRY), a Supabase
 * project at most a week. An older revocation concerns only expired tokens and is not kept in memory.
 */
const TOKEN_LIFETIME_MAX_MS = 7 * 24 * 3600_000;
const SWEEP_INTERVAL_MS = 3600_000;

/**
 * Stores that the sessions of `userIds` ended at `at`, and announces it to every process when the
 * transaction commits. A later revocation of the same user moves the time forward, never back.
 */
export async function recordRevocations(ex: Executor, userIds: readonly string[], at: Date): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await ex
    .insert(sessionRevocations)
    .values(ids.map((user_id) => ({ user_id, revoked_at: at })))
    .onConflictDoUpdate({
      target: sessionRevocations.user_id,
      set: { revoked_at: sql`greatest(${sessionRevocations.revoked_at}, excluded.revoked_at)` },
    });
  for (const id of ids) {
    const payload = JSON.stringify({ user_id: id, revoked_at: at.getTime() });
    await ex.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${payload})`);
  }
}

/** When the sessions of `userId` were last ended, or null. */
export async function revokedAt(ex: Executor, userId: string): Promise<Date | null> {
  const [row] = await ex
    .select({ at: sessionRevocations.revoked_at })
    .from(sessionRevocations)
    .where(eq(sessionRevocations.user_id, userId))
    .limit(1);
  return row?.at ?? null;
}

/**
 * A token issued at `issuedAt` (the JWT's `iat`, whole seconds) is refused when its user's sessions ended in
 * that second or later. A token without `iat` counts as old.
 */
function refused(revoked: number | undefined, issuedAt: number | undefined): boolean {
  return revoked !== undefined && (issuedAt ?? 0) * 1000 <= revoked;
}

/** The revocations one process knows (plugins/app/session-revocations.ts keeps it current). */
export class SessionRevocations {
  /** user id → when their sessions ended (ms), for revocations younger than TOKEN_LIFETIME_MAX_MS. */
  private readonly revoked = new Map<string, number>();
  private readonly listeners = new Set<(userId: string) => void>();
  /** Whether notifications arrive: until then (start, lost listener connection) each check reads the row. */
  private live = false;
  private swept = Date.now();

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Ends the sessions of `userIds` now: stored and announced (see recordRevocations) and known to this process
   * at once. Call it outside a transaction; inside one, call recordRevocations and remember() after the commit.
   */
  async revoke(ex: Executor, userIds: readonly string[], at = new Date()): Promise<void> {
    await recordRevocations(ex, userIds, at);
    for (const id of userIds) this.remember(id, at.getTime());
  }

  /** Takes note of a revocation (from this process, a notification or the table). */
  remember(userId: string, at: number): void {
    const known = this.revoked.get(userId);
    if (known !== undefined && known >= at) return;
    this.revoked.set(userId, at);
    this.sweep();
    for (const listener of this.listeners) listener(userId);
  }

  /** A notification's payload; anything unreadable is logged and ignored. */
  announced(payload: string): void {
    try {
      const { user_id, revoked_at } = JSON.parse(payload) as { user_id?: unknown; revoked_at?: unknown };
      if (typeof user_id === 'string' && typeof revoked_at === 'number')
        return this.remember(user_id, revoked_at);
    } catch {
      // falls through to the warning
    }
    this.log.warn({ payload: payload.slice(0, 200) }, 'Sitzungsende: unlesbare Nachricht');
  }

  /** Runs `listener` with the user id of every new revocation (the auth plugin drops cached tokens). */
  onRevoked(listener: (userId: string) => void): void {
    this.listeners.add(listener);
  }

  /** Notifications arrive (true) or may be missed (false: each check reads the database). */
  setLive(live: boolean): void {
    this.live = live;
  }

  /** Reads the revocations young enough to concern unexpired tokens (at start, after a lost listener). */
  async load(): Promise<void> {
    const since = new Date(Date.now() - TOKEN_LIFETIME_MAX_MS);
    const rows = await this.db
      .select()
      .from(sessionRevocations)
      .where(gt(sessionRevocations.revoked_at, since));
    for (const row of rows) this.remember(row.user_id, row.revoked_at.getTime());
  }

  /** Whether the token of `userId` issued at `issuedAt` (seconds) belongs to an ended session. */
  isRevoked(userId: string, issuedAt: number | undefined): boolean | Promise<boolean> {
    if (this.live) return refused(this.revoked.get(userId), issuedAt);
    return revokedAt(this.db, userId).then(
      (at) => {
        if (at) this.remember(userId, at.getTime());
        return refused(this.revoked.get(userId), issuedAt);
      },
      (err: unknown) => {
        // The database is unreachable: the request will hardly get further; decide with what is known.
        this.log.warn({ err }, 'Sitzungsende nicht prüfbar, Datenbank nicht erreichbar');
        return refused(this.revoked.get(userId), issuedAt);
      },
    );
  }

  private sweep(): void {
    const now = Date.now();
    if (now - this.swept < SWEEP_INTERVAL_MS) return;
    this.swept = now;
    for (const [userId, at] of this.revoked)
      if (now - at > TOKEN_LIFETIME_MAX_MS) this.revoked.delete(userId);
  }
}
