import { DrizzleQueryError } from 'drizzle-orm';

// Drizzle wraps driver errors in DrizzleQueryError (the Postgres error is its `cause`); PGlite and
// node-postgres both report SQLSTATE `code` and `constraint` on that cause. Services use these helpers to
// turn constraint violations into AppErrors (e.g. 23503 on classes_subject_id_subjects_id_fk → SUBJECT_IN_USE).

export const PgErrorCode = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  checkViolation: '23514',
  notNullViolation: '23502',
  /** A NUL in a text value ("invalid byte sequence for encoding UTF8: 0x00"). */
  characterNotInRepertoire: '22021',
  /** A `\u0000` in a jsonb value. */
  untranslatableCharacter: '22P05',
} as const;

export interface PgErrorInfo {
  /** SQLSTATE, e.g. '23503'. */
  code: string;
  /** Name of the violated constraint or index, when Postgres names one. */
  constraint: string | undefined;
}

/** The Postgres error inside `err` (following `cause`), or undefined if it is not one. */
export function pgError(err: unknown): PgErrorInfo | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Object && depth < 5; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when `err` is a Postgres error with this SQLSTATE (and, if given, this constraint). */
export function isPgError(err: unknown, code: string, constraint?: string): boolean {
  const info = pgError(err);
  return (
    info !== undefined && info.code === code && (constraint === undefined || info.constraint === constraint)
  );
}

/** Socket errors of a connection that cannot be made or was lost (to the database or any other server). */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that is shutting down, starting up or out of connections (class 08 is matched apart). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
]);

// node-postgres and its pool say these in words only; PGlite after close() or once its WebAssembly aborted.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is clos(ed|ing))/;

const FROM_DATABASE = Symbol('fromDatabase');

/**
 * Marks an error the database driver threw outside drizzle's DrizzleQueryError (the pool's connect of a
 * transaction, db/client.ts): a socket error counts as the database's only when it came that way.
 */
export function markFromDatabase<E>(err: E): E {
  if (err instanceof Object && Object.isExtensible(err))
    Object.defineProperty(err, FROM_DATABASE, { value: true });
  return err;
}

/** True when `err` or a cause of it is a socket error (refused, reset, timed out, unknown host …). */
export function isConnectionError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Object && depth < 5; depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && CONNECTION_ERRNOS.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when `err` (or a cause of it) says the database cannot be reached right now, not that the query was
 * wrong: the request is answered 503 DATABASE_UNAVAILABLE with Retry-After rather than 500 (ADR 004). A socket
 * error counts only when the driver threw it (inside drizzle's error or marked by db/client.ts): S3's client
 * and fetch report the same codes for their own servers.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let fromDriver = false;
  for (let e: unknown = err, depth = 0; e instanceof Object && depth < 5; depth++) {
    fromDriver ||= e instanceof DrizzleQueryError || FROM_DATABASE in e;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (typeof code === 'string' && /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (fromDriver && typeof code === 'string' && CONNECTION_ERRNOS.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    // PGlite's WebAssembly trapped or aborted (WebAssembly.RuntimeError): nothing answers until a restart.
    if (e instanceof Error && e.name === 'RuntimeError') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client should wait before asking again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 5;
