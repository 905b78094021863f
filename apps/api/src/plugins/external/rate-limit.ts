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
import { RateLimitCounters } from '../../lib/rate-limit-counters';

/** How often expired counter rows are deleted (each process does it; the delete is cheap and idempotent). */
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

type StoreOptions = FastifyRateLimitOptions & {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
};

/**
 * Counters in the table `rate_limits`, so that every API process on one PostgreSQL counts against the same
 * limit (ARCHITECTURE.md §2), kept in memory and added to the table in batches (lib/rate-limit-counters.ts,
 * ADR 033). Each route limit gets a key prefix of its own, as the Redis store of the plugin does.
 */
export function postgresStore(counters: RateLimitCounters): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      options: StoreOptions,
      private readonly prefix = 'global:',
    ) {
      // Nothing here sets them; both would move a window's end per refused request, which needs the table.
      if (options.exponentialBackoff || options.continueExceeding)
        throw new Error(
          'exponentialBackoff und continueExceeding werden vom Postgres-Zähler nicht unterstützt',
        );
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      // Never rejects: a database that does not answer leaves each process counting alone.
      void counters.incr(this.prefix + key, timeWindow, max).then((result) => callback(null, result));
    }

    child(routeOptions: StoreOptions): FastifyRateLimitStore {
      const { method, url } = routeOptions.routeInfo ?? {};
      const route = `${[method ?? ''].flat().join(',')} ${url ?? ''}`;
      return new PostgresStore(routeOptions, `route:${route}:`);
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
 * `config.rateLimit`. On PostgreSQL the counters are shared by every API process through the database
 * (ADR 033); the embedded database has one process, which counts in memory.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    const counters = app.dbDriver === 'postgres' ? new RateLimitCounters(app.db, app.log) : undefined;
    await app.register(rateLimit, {
      global: true,
      max: app.config.RATE_LIMIT_MAX,
      timeWindow: '1 minute',
      ...(counters ? { store: postgresStore(counters) } : {}),
      // The static SPA and health probes are not worth counting.
      allowList: (request) => !request.url.startsWith('/api/') || request.url === '/api/health',
      errorResponseBuilder: (_request, context) => {
        const err = new AppError('RATE_LIMITED');
        (err as AppError & { retryAfter: number }).retryAfter = Math.ceil(context.ttl / 1000);
        return err;
      },
    });
    if (!counters) return;

    const cleanup = () =>
      removeExpiredRateLimits(app.db).catch((err: unknown) =>
        app.log.warn({ err }, 'Abgelaufene Rate-Limit-Zähler nicht gelöscht'),
      );
    const timer = setInterval(() => void cleanup(), CLEANUP_INTERVAL_MS).unref();
    // Before the database closes (onClose runs in reverse order): what was counted reaches the table.
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await counters.close();
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'db'] },
);
