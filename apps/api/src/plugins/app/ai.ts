import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAiGateway } from '../../ai/gateway';
import type { AiGateway } from '../../ai/types';
import { configureCoins } from '../../domain/coins';

declare module 'fastify' {
  interface FastifyInstance {
    /** The AI gateway (ARCHITECTURE.md §7); null when AI_PROVIDER=none. */
    ai: AiGateway | null;
  }
}

/** Decorates `app.ai` with the configured provider and sets the coins' starting grant (ADR 009). */
export default fp(
  async function ai(app: FastifyInstance) {
    configureCoins({ startCoins: app.config.AI_START_COINS });
    const gateway = createAiGateway(app.config, app.log.child({ module: 'ai' }));
    app.decorate('ai', gateway);
    if (!gateway) return;
    app.log.info({ provider: gateway.provider }, 'KI-Anbieter eingerichtet');
    // A hint for the operator, not a gate: the provider may come up later, and jobs retry.
    app.addHook('onReady', (done) => {
      done();
      void gateway.healthcheck().then((ok) => {
        if (!ok)
          app.log.warn({ provider: gateway.provider }, 'KI-Anbieter antwortet nicht auf den Health-Check');
      });
    });
  },
  { name: 'ai', dependencies: ['config'] },
);
