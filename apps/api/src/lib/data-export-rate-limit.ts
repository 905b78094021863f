import type { FastifyRequest } from 'fastify';

/**
 * The student and class exports (ADR 022): each reads every hand-in and file it covers, so ten per teacher
 * and 10 minutes. Counted per teacher after sign-in, not per IP: a school's teachers share one address.
 */
export const dataExportRateLimit = {
  max: 10,
  timeWindow: '10 minutes',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `data-export:${request.user?.id ?? request.ip}`,
};
