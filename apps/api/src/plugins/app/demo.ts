import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemContext } from '../../domain/context';
import { resetDemoIfDue, startDemo } from '../../domain/demo';

/** How often a demo server looks whether the daily reset is due. */
const RESET_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * DEMO=1 with the built-in auth: seeds the demo accounts and content at start, and restores the demo once a
 * day so that a public demo server stays tidy (ARCHITECTURE.md §4). DEMO=0 does none of it.
 */
export default fp(
  async function demo(app: FastifyInstance) {
    if (!app.config.DEMO || app.config.SUPABASE_URL) return;
    const log = app.log.child({ module: 'demo' });
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | null = null;
    const check = () => {
      running ??= resetDemoIfDue(systemContext(app, log))
        .then((reset) => reset && log.info('Demo täglich zurückgesetzt'))
        .catch((err: unknown) => log.error({ err }, 'Zurücksetzen der Demo fehlgeschlagen'))
        .finally(() => {
          running = null;
        });
    };
    app.addHook('onReady', async () => {
      await startDemo(systemContext(app, log));
      timer = setInterval(check, RESET_CHECK_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'demo', dependencies: ['db', 'storage'] },
);
