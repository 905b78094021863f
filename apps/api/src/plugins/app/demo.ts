import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seedDemo } from '../../domain/accounts/demo';
import { systemContext } from '../../domain/context';

/** Seeds the demo accounts at start when DEMO is on and the built-in auth holds the users. */
export default fp(
  async function demo(app: FastifyInstance) {
    if (!app.config.DEMO || app.config.SUPABASE_URL) return;
    app.addHook('onReady', () => seedDemo(systemContext(app, app.log)));
  },
  { name: 'demo', dependencies: ['db'] },
);
