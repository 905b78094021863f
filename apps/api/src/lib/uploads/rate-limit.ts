import { UPLOAD_RATE_WINDOW_MS } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error';

/**
 * The rate limit of a student's hand-in (ARCHITECTURE.md §8), for the app's upload route and the no-JavaScript
 * form alike: per client IP and task, refused requests count too.
 */
export function studentUploadRateLimit(max: number) {
  return {
    max,
    timeWindow: UPLOAD_RATE_WINDOW_MS,
    allowList: () => false,
    keyGenerator: (request: FastifyRequest) =>
      `${request.ip}|${(request.params as { taskId?: string }).taskId ?? ''}`,
    errorResponseBuilder: () => new AppError('UPLOAD_RATE_LIMITED'),
  };
}
