import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * The signed-in caller's id. The auth hook has already refused anonymous callers on non-public routes; this
 * keeps the handlers free of `request.user!`.
 */
export function currentUserId(request: FastifyRequest): string {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user.id;
}
