import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

// A PostgreSQL server of the test's own (initdb in a temp directory, its own port), so that the test can stop
// and start it: the database outages of ADR 004. Needs the PostgreSQL binaries (PG_BIN, or Debian's path);
// as root the server runs as the `postgres` user, which initdb requires.

const run = promisify(execFile);

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** `postgres://…/klassenzimmer` on the cluster's port. */
  url: string;
  /** Stops the server at once (fast shutdown: open connections get 57P01). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its directory. */
  remove(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL tool, as `postgres` when this process is root. */
async function pgTool(tool: string, args: string[]): Promise<void> {
  const binary = path.join(PG_BIN, tool);
  const asRoot = process.getuid?.() === 0;
  await (asRoot ? run('runuser', ['-u', 'postgres', '--', binary, ...args]) : run(binary, args));
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kz-pg-'));
  if (process.getuid?.() === 0) await chown(dir, ...(await postgresIds()));
  const data = path.join(dir, 'data');
  const port = await freePort();
  await pgTool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // No fsync and a socket in the temp directory: a test server, as fast as it gets.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () =>
    pgTool('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  const stop = () => pgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  await start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query('create database klassenzimmer');
  await admin.end();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/klassenzimmer`,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async remove() {
      if (running) await stop().catch(() => undefined);
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function postgresIds(): Promise<[number, number]> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return [Number(uid.trim()), Number(gid.trim())];
}
