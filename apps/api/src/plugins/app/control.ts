import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { runCommand } from '../../cli/commands';
import { controlSocketPath, ZControlRequest } from '../../cli/control-protocol';
import { systemContext } from '../../domain/context';

/** Longest Unix socket path Linux accepts (sun_path is 108 bytes including the terminator). */
const MAX_SOCKET_PATH = 107;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * With the embedded database only this process may open DATA_DIR/pg, so `pnpm cli role …` hands its command
 * to us over DATA_DIR/control.sock. With Postgres the CLI connects itself and no socket is opened.
 */
export default fp(
  async function control(app: FastifyInstance) {
    if (app.config.DATABASE_URL) return;
    const socketPath = controlSocketPath(app.config.DATA_DIR);
    if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
      app.log.warn(
        { socketPath },
        'DATA_DIR-Pfad zu lang für den Steuer-Socket; pnpm cli braucht den gestoppten Server',
      );
      return;
    }
    let server: Server | undefined;

    app.addHook('onReady', async () => {
      // We hold the PGlite lock, so a socket file left here belongs to a dead predecessor.
      rmSync(socketPath, { force: true });
      server = createServer((socket) => {
        let buffer = '';
        socket.setTimeout(30_000, () => socket.destroy());
        socket.on('error', () => socket.destroy());
        socket.on('data', (chunk: Buffer) => {
          buffer += chunk.toString('utf8');
          if (buffer.length > 64 * 1024) return socket.destroy();
          const end = buffer.indexOf('\n');
          if (end === -1) return;
          const request = ZControlRequest.safeParse(parseJson(buffer.slice(0, end)));
          const reply = request.success
            ? runCommand(request.data.argv, {
                db: app.db,
                authAdmin: app.authAdmin,
                system: () => systemContext(app, app.log),
                demo: app.config.DEMO && !app.config.SUPABASE_URL,
              })
            : Promise.resolve({ code: 2, stdout: '', stderr: 'Ungültige Anfrage\n' });
          reply
            .catch((err: unknown) => {
              app.log.error({ err }, 'control command failed');
              return {
                code: 1,
                stdout: '',
                stderr: 'Der Befehl ist im Server fehlgeschlagen (siehe Server-Log).\n',
              };
            })
            .then((result) => {
              app.log.info({ command: request.data?.argv.slice(0, 2), code: result.code }, 'control command');
              socket.end(`${JSON.stringify(result)}\n`);
            })
            .catch(() => socket.destroy());
        });
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(socketPath, () => resolve());
      });
      chmodSync(socketPath, 0o600);
    });

    app.addHook('onClose', async () => {
      if (!server) return;
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      rmSync(socketPath, { force: true });
    });
  },
  { name: 'control', dependencies: ['db'] },
);
