import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Assume } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import pg from 'pg';
import type { Env } from '../env';
import { migrationsFolder } from '../paths';
import { markFromDatabase } from './errors';
import { acquirePgliteLock } from './lock';
import { seedFromTemplate } from './pglite-template';
import * as schema from './schema';

export { DatabaseLockedError } from './lock';

/**
 * What the raw results of both drivers have in common: `db.execute<Row>(sql)` resolves to `{ rows: Row[] }`.
 * (Affected-row counts differ between PGlite and node-postgres: use `.returning()` and count the rows.)
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: RawResult<this['row']>;
}
interface RawResult<Row> {
  rows: Assume<Row, Record<string, unknown>>[];
}

/** The one database handle type of the app, whichever driver is behind it (ADR 003). */
export type Database = PgDatabase<QueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/**
 * What repository functions take: the database or a transaction. With PGlite, code running inside a
 * transaction must use `tx`; a query on the outer handle waits for the transaction and deadlocks.
 */
export type Executor = Database | Transaction;

export type DatabaseDriver = 'pglite' | 'postgres';

/** Its functions do not use `this`: pass them around freely (e.g. as the dbPing decorator). */
export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** `select 1` within PING_TIMEOUT_MS. Resolves false, never rejects, when the database is unreachable. */
  ping: () => Promise<boolean>;
  /** Applies pending migrations from apps/api/drizzle; a no-op when everything is applied. */
  migrate: () => Promise<void>;
  /**
   * LISTEN on `channel`: `onMessage` gets each payload, delivered after the sender's commit. `onLost` runs
   * when notifications may be missed (the Postgres listener connection dropped), `onRestored` when it listens
   * again (it reconnects by itself). Resolves once listening, with a function that stops it.
   */
  listen: (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;
  /** Closes the connection(s) and, for PGlite, releases the DATA_DIR lock. Safe to call twice. */
  close: () => Promise<void>;
}

export interface ListenHandlers {
  onMessage: (payload: string) => void;
  onLost?: () => void;
  onRestored?: () => void;
}

export interface CreateDatabaseOptions {
  /** Errors of idle pool clients (Postgres restarted, network dropped). Without a listener they would crash. */
  onPoolError?: (err: Error) => void;
}

export const PING_TIMEOUT_MS = 2000;
/** How long a pool waits for a new connection before the query fails (instead of waiting forever). */
const CONNECT_TIMEOUT_MS = 5000;
/** Key of the advisory lock that serialises migrations of API processes starting together. */
const MIGRATION_LOCK_KEY = 'klassenzimmer:migrate';

/**
 * Opens the database: PGlite in `DATA_DIR/pg` when DATABASE_URL is unset, a node-postgres pool otherwise.
 * Nothing is migrated here; call `migrate()` (the db plugin does when MIGRATE is on).
 */
export async function createDatabase(
  env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>,
  options: CreateDatabaseOptions = {},
): Promise<DatabaseHandle> {
  return env.DATABASE_URL ? createPostgres(env.DATABASE_URL, options) : createPglite(env.DATA_DIR);
}

/**
 * Postgres settings that bound PGlite's memory (ADR 003): WebAssembly memory never shrinks, so whatever a
 * buffer touches once stays resident. The default `shared_buffers` is 128 MB; the OS caches the files of
 * DATA_DIR/pg behind the smaller one.
 */
const PGLITE_MEMORY = ['-c', 'shared_buffers=8MB', '-c', 'maintenance_work_mem=16MB'];

export const pgliteOptions = {
  // PGlite 0.3 kept everything in template1 (0.4 defaults to `postgres`): its directories open with their data.
  database: 'template1',
  startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY],
  // initdb writes them into postgresql.conf as well.
  initDbStartParams: PGLITE_MEMORY,
} satisfies PGliteOptions;

/**
 * V8 compiles PGlite's WebAssembly lazily with its baseline compiler (Liftoff) and recompiles busy functions
 * with its optimising one (TurboFan) in background threads; the optimised code and the memory those threads'
 * compilations leave behind hold ~70 MB for good (ADR 023). Liftoff alone keeps an idle server near 210 MB;
 * small queries run as fast, large scans and aggregates ~1.5× slower. The flag is process-wide and applies
 * to modules compiled after it, so it is set before the first PGlite (and before any worker thread starts).
 */
function compileWasmWithBaselineOnly(): void {
  setFlagsFromString('--liftoff-only');
}

async function createPglite(dataDir: string): Promise<DatabaseHandle> {
  compileWasmWithBaselineOnly();
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(pgDir, { recursive: true });
  const release = acquirePgliteLock(dataDir);
  let client: PGlite;
  try {
    seedFromTemplate(pgDir);
    client = await PGlite.create(pgDir, pgliteOptions);
  } catch (err) {
    release();
    throw new Error(`PGlite konnte die Datenbank in ${pgDir} (DATA_DIR) nicht öffnen.`, { cause: err });
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  let closed = false;
  return {
    db,
    driver: 'pglite',
    ping: () => probe(async () => void (await client.query('select 1'))),
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process owns the embedded database, so nothing can be missed.
    listen: async (channel, { onMessage }) => {
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

type ConnectCallback = Parameters<pg.Pool['connect']>[0];

/**
 * A pool whose failed connects (a transaction's checkout, which drizzle does not wrap) are marked as the
 * database's: their socket errors are answered 503 DATABASE_UNAVAILABLE, another server's are not (errors.ts).
 */
class DatabasePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback)
      return super.connect((err, client, done) => callback(err && markFromDatabase(err), client, done));
    return super.connect().catch((err: unknown) => {
      throw markFromDatabase(err);
    });
  }
}

function createPostgres(connectionString: string, options: CreateDatabaseOptions): DatabaseHandle {
  const pool = new DatabasePool({
    connectionString,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'klassenzimmer-api',
  });
  pool.on('error', (err) => options.onPoolError?.(err));
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' });
  let closed: Promise<void> | undefined;
  const listener = new PgListener(connectionString, options);
  return {
    db,
    driver: 'postgres',
    listen: (channel, handlers) => listener.listen(channel, handlers),
    ping: () => probe(async () => void (await pool.query('select 1'))),
    async migrate() {
      // Several API replicas may start at once: the first takes the lock and migrates, the others wait and
      // then find nothing left to do in drizzle's journal table. The lock lives on this one connection.
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client: connection, schema, casing: 'snake_case' }), {
            migrationsFolder,
          });
        } finally {
          await connection.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK_KEY]);
        }
        connection.release();
      } catch (err) {
        // Do not hand a connection in an unknown state back to the pool.
        connection.release(err instanceof Error ? err : true);
        throw err;
      }
    },
    close() {
      closed ??= Promise.all([listener.close(), pool.end()]).then(() => undefined);
      return closed;
    },
  };
}

const LISTEN_RETRY_MS = 1000;

/**
 * One dedicated connection for every LISTEN of this process (a pooled client would be handed to queries).
 * Connects on the first listen(); when it drops, every handler's onLost runs, and it reconnects and
 * re-listens (then onRestored) until it succeeds or close() is called.
 */
class PgListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly channels = new Map<string, Set<ListenHandlers>>();
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly options: CreateDatabaseOptions,
  ) {}

  async listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
    const client = await this.connect();
    let set = this.channels.get(channel);
    if (!set) {
      this.channels.set(channel, (set = new Set()));
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    }
    set.add(handlers);
    return async () => {
      set.delete(handlers);
      if (set.size > 0 || this.channels.get(channel) !== set) return;
      this.channels.delete(channel);
      await this.client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.connectionString,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        application_name: 'klassenzimmer-api-listen',
      });
      client.on('notification', (message) => {
        for (const handlers of this.channels.get(message.channel) ?? [])
          handlers.onMessage(message.payload ?? '');
      });
      client.on('error', (err) => this.options.onPoolError?.(err));
      client.on('end', () => this.dropped(client));
      try {
        await client.connect();
      } finally {
        this.connecting = undefined;
      }
      this.client = client;
      return client;
    })();
    return this.connecting;
  }

  private dropped(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    for (const set of this.channels.values()) for (const handlers of set) handlers.onLost?.();
    if (!this.closed) this.scheduleReconnect();
  }

  private scheduleReconnect() {
    this.retry = setTimeout(() => {
      this.connect()
        .then(async (client) => {
          for (const channel of this.channels.keys())
            await client.query(`listen ${pg.escapeIdentifier(channel)}`);
          for (const set of this.channels.values()) for (const handlers of set) handlers.onRestored?.();
        })
        .catch(() => {
          if (!this.closed) this.scheduleReconnect();
        });
    }, LISTEN_RETRY_MS);
    this.retry.unref();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** Runs `check` with a deadline; true when it finished in time, false on any error or timeout. */
async function probe(check: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
