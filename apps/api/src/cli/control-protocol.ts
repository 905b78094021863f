import { createConnection } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { CommandResult } from './commands';

// A running server that holds the embedded database takes CLI commands over a Unix socket in DATA_DIR
// (mode 0600: only the account that runs the server may use it). One JSON line each way.

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

export const ZControlRequest = z.object({ argv: z.array(z.string()).max(16) });
export const ZControlResponse = z.object({ code: z.number(), stdout: z.string(), stderr: z.string() });

/** Sends a command to the running server; rejects when nobody listens on the socket. */
export function sendControlCommand(
  dataDir: string,
  argv: string[],
  timeoutMs = 30_000,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let buffer = '';
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error('Zeitüberschreitung beim Warten auf den Server')),
    );
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\n');
      if (end === -1) return;
      try {
        resolve(ZControlResponse.parse(JSON.parse(buffer.slice(0, end))));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
      socket.end();
    });
    socket.on('error', reject);
  });
}
