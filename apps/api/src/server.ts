import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { EnvError, loadEnv } from './env';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(env, { prettyLogs: process.stdout.isTTY });

  // SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (up to 10 s), close the DB.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: env.HOST, port: env.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  app.log.info(
    {
      url: `http://${env.HOST}:${port}`,
      dataDir: env.DATA_DIR,
      driver: app.dbDriver,
      workers: env.WORKERS,
    },
    'ready',
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Start fehlgeschlagen: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
