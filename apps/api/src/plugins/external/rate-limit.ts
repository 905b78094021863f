import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';

/**
 * A generous per-IP limit for the whole API; public and auth routes set stricter limits of their own with
 * `config.rateLimit`. Counters are in memory for now (ARCHITECTURE.md §2 moves them to Redis/Postgres when
 * scaled out).
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    await app.register(rateLimit, {
      global: true,
      max: app.config.RATE_LIMIT_MAX,
      timeWindow: '1 minute',
      // The static SPA and health probes are not worth counting.
      allowList: (request) => !request.url.startsWith('/api/') || request.url === '/api/health',
      errorResponseBuilder: (_request, context) => {
        const err = new AppError('RATE_LIMITED');
        (err as AppError & { retryAfter: number }).retryAfter = Math.ceil(context.ttl / 1000);
        return err;
      },
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
