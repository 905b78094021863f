import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

// Rate-limit counters shared by every API process through the table `rate_limits` without a statement per
// request (ADR 033). Each process counts in memory and adds what it counted to the table in one statement for
// all keys about once a second, reading the shared totals back. A request is counted in the table at once
// (one statement for its key) only near its limit, for limits of at most EXACT_MAX, and when this process
// has counted MARGIN_SHARE of the limit unseen by the others. So each process holds at most that margin the
// others cannot see, and a limit is exceeded by at most (processes − 1) × margin.

/** How long counts wait in memory before they are added to the table. */
export const FLUSH_INTERVAL_MS = 1000;
/** Limits up to this many requests are counted in the table request by request: exact across processes. */
export const EXACT_MAX = 200;
/** The share of a larger limit a process may count before the others see it. */
export const MARGIN_SHARE = 0.1;
/** After a failed statement, decide from memory alone this long before asking the database again. */
const RETRY_AFTER_FAILURE_MS = 5000;
/** Keys kept in memory; beyond it (many addresses at once) new keys are counted in the table per request. */
const MAX_KEYS = 50_000;

/** Requests a process may count before the others see them: 0 means every request goes to the table. */
export function marginOf(max: number): number {
  return max <= EXACT_MAX ? 0 : Math.ceil(max * MARGIN_SHARE);
}

interface Entry {
  /** The table's count as last read, for the window ending at `windowEnd` (the table's clock, ms). */
  known: number;
  windowEnd: number | undefined;
  /** When this process takes the window for over (its own clock). */
  expiresAt: number;
  timeWindow: number;
  /** Counted here, not yet sent to the table. */
  pending: number;
  /** Sent, not yet answered. */
  inFlight: number;
  /** Settles when the statement under way for this key is answered. */
  syncing?: Promise<void>;
}

type Row = {
  key: string;
  count: number;
  window_end: number;
  ttl: number;
};

export interface CountResult {
  current: number;
  ttl: number;
}

export interface CounterLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** The counts of one process (one per app; every store of the rate-limit plugin shares it). */
export class RateLimitCounters {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private unreachableUntil = 0;
  private failing = false;
  private swept = 0;
  private closed = false;
  /** Statements sent to the table so far (flushes and single counts). */
  statements = 0;

  constructor(
    private readonly db: Database,
    private readonly log?: CounterLog,
  ) {}

  /** Counts one request for `key`; `current` above `max` means refuse it. Never fails. */
  async incr(key: string, timeWindow: number, max: number): Promise<CountResult> {
    for (;;) {
      const now = Date.now();
      const entry = this.entryOf(key, timeWindow, now);
      if (!entry) return this.countUncached(key, timeWindow);
      const seen = entry.known + entry.inFlight + entry.pending;
      // The table said so already, or this process alone is there: counts only grow within a window.
      if (seen >= max || now < this.unreachableUntil) return this.countHere(entry, seen);
      const margin = marginOf(max);
      if (entry.pending + entry.inFlight < margin && seen + 1 <= max - margin)
        return this.countHere(entry, seen);
      // A larger limit waits for its key's statement under way and decides again with the total it reads:
      // a burst costs one statement, not one per request that arrived meanwhile.
      if (margin > 0 && entry.syncing) {
        await entry.syncing;
        continue;
      }
      return this.countInTable(key, entry);
    }
  }

  private entryOf(key: string, timeWindow: number, now: number): Entry | undefined {
    let entry = this.entries.get(key);
    if (entry && now >= entry.expiresAt) {
      // The window is over. What waits still goes to the table, into the next window: early, never lost.
      Object.assign(entry, { known: 0, windowEnd: undefined, expiresAt: now + timeWindow });
    }
    if (!entry) {
      if (this.entries.size >= MAX_KEYS && now - this.swept >= FLUSH_INTERVAL_MS) this.sweep(now);
      if (this.entries.size >= MAX_KEYS) return undefined;
      entry = {
        known: 0,
        windowEnd: undefined,
        expiresAt: now + timeWindow,
        timeWindow,
        pending: 0,
        inFlight: 0,
      };
      this.entries.set(key, entry);
    }
    entry.timeWindow = timeWindow;
    return entry;
  }

  /** Near the limit, a strict one, or the margin used up: this request and what waits go to the table now. */
  private async countInTable(key: string, entry: Entry): Promise<CountResult> {
    const delta = entry.pending + 1;
    entry.pending = 0;
    entry.inFlight += delta;
    const sent = this.send([{ key, delta, ms: entry.timeWindow }]);
    const syncing = sent.then(noop, noop);
    entry.syncing = syncing;
    try {
      const [row] = await sent;
      entry.inFlight -= delta;
      this.apply(entry, row!);
      this.recovered();
      return { current: row!.count, ttl: row!.ttl };
    } catch (err) {
      entry.inFlight -= delta;
      entry.pending += delta - 1;
      this.failed(err);
      return this.countHere(entry, entry.known + entry.inFlight + entry.pending);
    } finally {
      if (entry.syncing === syncing) entry.syncing = undefined;
    }
  }

  /** Sends every waiting count in one statement; a failure keeps them for the next attempt. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing ??= this.flushNow().finally(() => {
      this.flushing = undefined;
      if ([...this.entries.values()].some((e) => e.pending > 0)) this.schedule();
    });
    return this.flushing;
  }

  /** Stops the timer and sends what is left (the app closes). */
  async close(): Promise<void> {
    this.closed = true;
    await this.flushing;
    await this.flush();
    clearTimeout(this.timer);
  }

  private async flushNow(): Promise<void> {
    const now = Date.now();
    this.sweep(now);
    const batch: Array<{ key: string; delta: number; ms: number; entry: Entry }> = [];
    for (const [key, entry] of this.entries) {
      if (entry.pending === 0) continue;
      batch.push({ key, delta: entry.pending, ms: entry.timeWindow, entry });
      entry.inFlight += entry.pending;
      entry.pending = 0;
    }
    if (batch.length === 0) return;
    const sent = this.send(batch);
    const syncing = sent.then(noop, noop);
    for (const { entry } of batch) entry.syncing ??= syncing;
    try {
      const rows = new Map((await sent).map((row) => [row.key, row]));
      for (const { key, delta, entry } of batch) {
        entry.inFlight -= delta;
        const row = rows.get(key);
        if (row) this.apply(entry, row);
      }
      this.recovered();
    } catch (err) {
      for (const { delta, entry } of batch) {
        entry.inFlight -= delta;
        entry.pending += delta;
      }
      this.failed(err);
    } finally {
      for (const { entry } of batch) if (entry.syncing === syncing) entry.syncing = undefined;
    }
  }

  /**
   * Adds each delta to its key's count, or starts a new window with it once the old one ran out, and reads
   * the totals back. Keys in one order, so that two processes' flushes never wait on each other in a circle.
   */
  private async send(counts: ReadonlyArray<{ key: string; delta: number; ms: number }>): Promise<Row[]> {
    this.statements++;
    const json = JSON.stringify(counts.map(({ key, delta, ms }) => ({ key, delta, ms })));
    const { rows } = await this.db.execute<{ [K in keyof Row]: unknown }>(
      sql`insert into rate_limits as r (key, count, expires_at)
          select t.key, t.delta, now() + t.ms * interval '1 millisecond'
          from json_to_recordset(${json}::json) as t(key text, delta int, ms float8)
          order by t.key
          on conflict (key) do update set
            count = case when r.expires_at <= now() then excluded.count else r.count + excluded.count end,
            expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
          returning key, count,
            extract(epoch from expires_at)::float8 * 1000 as window_end,
            greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::int as ttl`,
    );
    return rows.map((row) => ({
      key: String(row.key),
      count: Number(row.count),
      window_end: Number(row.window_end),
      ttl: Number(row.ttl),
    }));
  }

  /** Takes in the table's total; an answer about an older window than the one known is ignored. */
  private apply(entry: Entry, row: Row): void {
    if (entry.windowEnd !== undefined && row.window_end < entry.windowEnd) return;
    const sameWindow = entry.windowEnd === row.window_end;
    entry.known = sameWindow ? Math.max(entry.known, row.count) : row.count;
    entry.windowEnd = row.window_end;
    entry.expiresAt = Date.now() + row.ttl;
  }

  /** Counts the request in memory only; admitted while this process's view is within `max`. */
  private countHere(entry: Entry, seen: number): CountResult {
    entry.pending++;
    this.schedule();
    return { current: seen + 1, ttl: Math.max(0, entry.expiresAt - Date.now()) };
  }

  /** More keys than memory holds: the table counts this one alone, as before ADR 033. */
  private async countUncached(key: string, timeWindow: number): Promise<CountResult> {
    if (Date.now() >= this.unreachableUntil) {
      try {
        const [row] = await this.send([{ key, delta: 1, ms: timeWindow }]);
        return { current: row!.count, ttl: row!.ttl };
      } catch (err) {
        this.failed(err);
      }
    }
    // Fail open for a key nobody counts here: the database is down and memory is full.
    return { current: 1, ttl: timeWindow };
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  private sweep(now: number): void {
    this.swept = now;
    for (const [key, entry] of this.entries)
      if (entry.expiresAt <= now && entry.pending === 0 && entry.inFlight === 0) this.entries.delete(key);
  }

  /** Logs the first failure of an outage: the error's code and message, never the keys (addresses). */
  private failed(err: unknown): void {
    this.unreachableUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
    if (this.failing) return;
    this.failing = true;
    const cause = rootCause(err);
    this.log?.warn(
      { code: cause.code, reason: cause.message },
      'Rate-Limit-Zähler nicht gespeichert: jeder Prozess zählt allein weiter, bis die Datenbank antwortet',
    );
  }

  private recovered(): void {
    if (!this.failing) return;
    this.failing = false;
    this.unreachableUntil = 0;
    this.log?.info({}, 'Rate-Limit-Zähler wieder gemeinsam in der Datenbank');
  }
}

function noop(): void {}

/** The driver's error inside drizzle's (whose message carries the statement and its parameters). */
function rootCause(err: unknown): { code?: string; message?: string } {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e instanceof Object && (e as { cause?: unknown }).cause; depth++)
    e = (e as { cause?: unknown }).cause;
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message.slice(0, 200) : undefined,
  };
}
