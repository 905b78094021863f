import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';

/** How often expired counter rows are deleted (each process does it; the delete is cheap and idempotent). */
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

type StoreOptions = FastifyRateLimitOptions & {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
};

/**
 * Counters in the table `rate_limits`, so that every API process on one PostgreSQL counts against the same
 * limit (ARCHITECTURE.md §2). One statement per request: it starts a window, counts within it, or starts a
 * new one when the old has run out, atomically under concurrent requests of several processes. Each
 * route limit gets a key prefix of its own, as the Redis store of the plugin does.
 */
export function postgresStore(db: Database): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      private readonly options: StoreOptions,
      private readonly prefix = 'global:',
    ) {
      // Nothing here sets it; counting it right would need a ttl that grows per excess request.
      if (options.exponentialBackoff)
        throw new Error('exponentialBackoff wird vom Postgres-Zähler nicht unterstützt');
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      const window = sql`now() + ${timeWindow}::float8 * interval '1 millisecond'`;
      // In ON CONFLICT … DO UPDATE, `r` is the row before the update and `excluded` the proposed one.
      const reset = this.options.continueExceeding
        ? sql`r.expires_at <= now() or r.count + 1 > ${max}::int`
        : sql`r.expires_at <= now()`;
      db.execute<{ current: number; ttl: number }>(
        sql`insert into rate_limits as r (key, count, expires_at)
            values (${this.prefix + key}, 1, ${window})
            on conflict (key) do update set
              count = case when r.expires_at <= now() then 1 else r.count + 1 end,
              expires_at = case when ${reset} then excluded.expires_at else r.expires_at end
            returning count as current,
              greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::int as ttl`,
      ).then(
        ({ rows: [row] }) => callback(null, { current: Number(row!.current), ttl: Number(row!.ttl) }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(routeOptions: StoreOptions): FastifyRateLimitStore {
      const { method, url } = routeOptions.routeInfo ?? {};
      const route = `${[method ?? ''].flat().join(',')} ${url ?? ''}`;
      return new PostgresStore({ ...this.options, ...routeOptions }, `route:${route}:`);
    }
  }
  return PostgresStore;
}

/** Deletes the counters whose window has run out; how many. */
export async function removeExpiredRateLimits(db: Database): Promise<number> {
  const { rows } = await db.execute<{ key: string }>(
    sql`delete from rate_limits where expires_at < now() returning key`,
  );
  return rows.length;
}

/**
 * A generous per-IP limit for the whole API; public and auth routes set stricter limits of their own with
 * `config.rateLimit`. On PostgreSQL the counters live in the database, shared by every API process; the
 * embedded database has one process, which counts in memory.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    const shared = app.dbDriver === 'postgres';
    await app.register(rateLimit, {
      global: true,
      max: app.config.RATE_LIMIT_MAX,
      timeWindow: '1 minute',
      ...(shared ? { store: postgresStore(app.db) } : {}),
      // The static SPA and health probes are not worth counting.
      allowList: (request) => !request.url.startsWith('/api/') || request.url === '/api/health',
      errorResponseBuilder: (_request, context) => {
        const err = new AppError('RATE_LIMITED');
        (err as AppError & { retryAfter: number }).retryAfter = Math.ceil(context.ttl / 1000);
        return err;
      },
    });
    if (!shared) return;

    const cleanup = () =>
      removeExpiredRateLimits(app.db).catch((err: unknown) =>
        app.log.warn({ err }, 'Abgelaufene Rate-Limit-Zähler nicht gelöscht'),
      );
    const timer = setInterval(() => void cleanup(), CLEANUP_INTERVAL_MS).unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'rate-limit', dependencies: ['config', 'db'] },
);
