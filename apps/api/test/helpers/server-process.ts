import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { until } from './classroom';

// A real server process (src/server.ts through tsx, as `pnpm dev` runs it): for what only separate
// processes show, like a SIGKILL in the middle of a request or a job.

const API_DIR = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` once ready. */
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr. */
  output(): string;
  /** SIGKILL: no shutdown hooks, open requests and jobs are cut off. Resolves when it is gone. */
  kill(): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string>,
  name: string,
  timeoutMs = 45_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await until(
      () => {
        if (child.exitCode !== null) throw new Error(`${name} ended at start:\n${output.slice(-2000)}`);
        return /"msg":"ready"/.test(output);
      },
      timeoutMs,
      name,
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url: /"url":"(http:\/\/[^"]+)"/.exec(output)![1]!,
    child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
