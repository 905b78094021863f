import type { UserRole } from '@app/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Executor } from '../db/client';
import { AppError } from '../lib/app-error';
import { profileCipher, type ProfileCipher } from '../lib/profile-crypto';

/**
 * Who performs an operation: a signed-in user (with the role from their token), an anonymous caller of a
 * public route (a student on the submit page or their feedback link), or the system itself (background jobs,
 * operator commands). What each may see is decided in `access.ts`, nowhere else.
 */
export type Actor =
  { kind: 'user'; id: string; role: UserRole | null } | { kind: 'anonymous' } | { kind: 'system' };

/**
 * The app's shared services an operation may use besides the database. Operations reach them only through
 * `ctx.services`: one way for every dependency, and tests can build a context from a built app.
 */
export type Services = Pick<
  FastifyInstance,
  | 'config'
  | 'storage'
  | 'ai'
  | 'jobs'
  | 'startJobs'
  | 'authAdmin'
  | 'mailer'
  | 'listCache'
  | 'realtime'
  | 'sessionRevocations'
  | 'schoolDirectory'
  | 'tikz'
>;

/** Everything an operation of the domain layer gets besides its arguments. */
export interface Ctx {
  actor: Actor;
  /** The database, or the transaction the operation runs in. */
  db: Executor;
  log: FastifyBaseLogger;
  services: Services;
}

/** The acting user's id; anonymous and system actors have none (401, as for a missing token). */
export function actorId(ctx: Ctx): string {
  if (ctx.actor.kind !== 'user') throw new AppError('UNAUTHENTICATED');
  return ctx.actor.id;
}

/** The same context inside a transaction. */
export function inTransaction(ctx: Ctx, tx: Executor): Ctx {
  return { ...ctx, db: tx };
}

/** A context for work nobody requested directly: background jobs, start-up tasks, operator commands. */
export function systemContext(services: Services & { db: Executor }, log: FastifyBaseLogger): Ctx {
  return { actor: { kind: 'system' }, db: services.db, log, services };
}

/** The cipher of the encrypted user profiles (names of students and teachers). */
export function cipherOf(ctx: Ctx): ProfileCipher {
  return profileCipher(ctx.services.config);
}
