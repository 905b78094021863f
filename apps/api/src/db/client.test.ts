import { DrizzleQueryError, sql } from 'drizzle-orm';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { isConnectionError, isDatabaseUnavailable } from './errors';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('A PostgreSQL server that cannot be reached', () => {
  it('fails queries and transactions with errors that count as the database’s', async () => {
    const url = `postgres://klassenzimmer@127.0.0.1:${await closedPort()}/klassenzimmer`;
    const handle = await createDatabase({ DATA_DIR: '/nonexistent', DATABASE_URL: url });
    try {
      const query = await handle.db.execute(sql`select 1`).catch((err: unknown) => err);
      expect(query).toBeInstanceOf(DrizzleQueryError);
      expect(isDatabaseUnavailable(query)).toBe(true);
      // A transaction's connection comes from the pool outside drizzle's wrapping: the pool marks it.
      const transaction = await handle.db.transaction(async () => undefined).catch((err: unknown) => err);
      expect(transaction).not.toBeInstanceOf(DrizzleQueryError);
      expect(isConnectionError(transaction)).toBe(true);
      expect(isDatabaseUnavailable(transaction)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
