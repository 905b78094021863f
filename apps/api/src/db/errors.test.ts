import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

// Which failures are a database that cannot be reached (503 with Retry-After) rather than a bug (500).

/** As drizzle wraps a driver error: "Failed query: …" with the driver's error as `cause`. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['connection reset', withCode('read ECONNRESET', 'ECONNRESET')],
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
});
