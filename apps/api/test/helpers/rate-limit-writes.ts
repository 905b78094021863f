/** Runs one SQL statement on the test's database and resolves with its rows. */
export type RunSql = (text: string) => Promise<Array<Record<string, unknown>>>;

/**
 * Counts the statements that write `rate_limits` from now on, whichever process sends them: a
 * statement-level trigger of the test's own. Resolves with a function that reads the count.
 */
export async function countRateLimitWrites(run: RunSql): Promise<() => Promise<number>> {
  await run('create table test_rate_limit_writes (n int not null)');
  await run('insert into test_rate_limit_writes values (0)');
  await run(`create function test_count_rate_limit_writes() returns trigger language plpgsql as $$
    begin update test_rate_limit_writes set n = n + 1; return null; end $$`);
  await run(`create trigger test_count_writes after insert on rate_limits
    for each statement execute function test_count_rate_limit_writes()`);
  return async () => Number((await run('select n from test_rate_limit_writes'))[0]!.n);
}
