import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../domain/context';

/** The domain context of a request: the caller as actor, the app's database, services and request logger. */
export function ctxOf(request: FastifyRequest): Ctx {
  const { user, server } = request;
  return {
    actor: user ? { kind: 'user', id: user.id, role: user.role } : { kind: 'anonymous' },
    db: server.db,
    log: request.log,
    services: server,
  };
}
