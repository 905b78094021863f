import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB, memoryOf } from './helpers/memory';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/** What a small school server should need while nobody uses it (the bench prints the full picture). */
const IDLE_LIMIT_MB = 250;

describe('The built server at rest', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it(`holds at most ${IDLE_LIMIT_MB} MB resident a few seconds after a fresh start on the embedded database`, async () => {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const { rss } = memoryOf(server.pid);
    expect(rss / MB).toBeLessThanOrEqual(IDLE_LIMIT_MB);
  });
});
