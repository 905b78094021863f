import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isConnectionError, isDatabaseUnavailable, markFromDatabase } from './errors';

// Which failures are a database that cannot be reached (503 with Retry-After) rather than a bug (500).

/** As drizzle wraps a driver error: "Failed query: …" with the driver's error as `cause`. */
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** A socket error as Node reports it, from whichever client. */
const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['admin shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['starting up', withCode('the database system is starting up', '57P03')],
    ['connection exception', withCode('connection failure', '08006')],
    ['lost connection', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['PGlite closed', new Error('PGlite is closed')],
  ])('%s, also inside drizzle’s error', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND'])(
    '%s of the database driver: inside drizzle’s error or from the pool’s connect',
    (code) => {
      expect(isDatabaseUnavailable(wrapped(socketError(code)))).toBe(true);
      expect(isDatabaseUnavailable(markFromDatabase(socketError(code)))).toBe(true);
    },
  );

  it('PGlite whose WebAssembly aborted', () => {
    const { RuntimeError } = (globalThis as unknown as { WebAssembly: { RuntimeError: ErrorConstructor } })
      .WebAssembly;
    expect(isDatabaseUnavailable(wrapped(new RuntimeError('Aborted()')))).toBe(true);
  });

  it.each([
    ['unique violation', withCode('duplicate key value', '23505')],
    ['syntax error', withCode('syntax error at or near "x"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['no error at all', 'Connection terminated'],
  ])('not: %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });

  // The same socket errors from another server: the S3 store (the AWS SDK throws Node's error with its
  // `$metadata`), an AI provider or any other server reached with fetch ("fetch failed", the cause inside).
  it.each([
    ['S3 reset', Object.assign(socketError('ECONNRESET'), { $metadata: { attempts: 3 } })],
    ['S3 refused', Object.assign(socketError('ECONNREFUSED'), { $metadata: { attempts: 3 } })],
    ['fetch reset', new TypeError('fetch failed', { cause: socketError('ECONNRESET') })],
    ['fetch refused', new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') })],
    ['a bare socket error', socketError('ECONNRESET')],
  ])('not another server’s socket error: %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isConnectionError(err)).toBe(true);
  });
});
