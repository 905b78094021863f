import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedPgliteDataDir } from '../../../apps/api/test/helpers/pglite-template';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server's process id (its memory is read from /proc, helpers/memory.ts). */
  pid: number;
  /** Everything the process wrote to stdout and stderr. */
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the built app (`pnpm build` first) exactly as `pnpm start` does, on a free port with its own
 * DATA_DIR, and waits until /api/health answers.
 */
export async function startServer(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    /** A restart on the port of before keeps the browser's origin (and with it its stored session). */
    port?: number;
  } = {},
): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} fehlt: erst "pnpm build" ausführen`);
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
    // A copy of an initialised PGlite directory spares each server's start the initdb (unless it uses Postgres).
    if (!options.env?.DATABASE_URL) await seedPgliteDataDir(dataDir);
  }
  const port = options.port ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server beendet (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server nicht bereit nach 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    url,
    dataDir,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs the built server expecting it to refuse to start; resolves with its exit code and output. */
export async function runServerExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  try {
    const child = spawn(process.execPath, [serverEntry], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    return { code, output };
  } finally {
    removeDir(dataDir);
  }
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}
