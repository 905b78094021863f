import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../app/errors';

/** Answers 503 instead of queueing forever when the event loop or memory is saturated. */
export default fp(
  async function underPressurePlugin(app: FastifyInstance) {
    await app.register(underPressure, {
      // PGlite runs on the main thread, so a heavy query shows up as loop delay; only a loop stuck for
      // seconds means requests would time out anyway.
      maxEventLoopDelay: 2000,
      maxHeapUsedBytes: 0,
      maxRssBytes: 0,
      retryAfter: 10,
      pressureHandler: (_request, reply) => {
        reply.header('retry-after', 10);
        void sendError(reply, 'SERVICE_UNAVAILABLE');
      },
    });
  },
  // After the database: opening PGlite blocks the loop once at boot, which is not pressure.
  { name: 'under-pressure', dependencies: ['db'] },
);
