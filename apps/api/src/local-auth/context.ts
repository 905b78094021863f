import type { FastifyBaseLogger } from 'fastify';
import type { SessionRevocations } from '../auth/revocations';
import { loadPreviousJwtSecret } from '../auth/secret';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Mailer } from '../plugins/app/mailer';
import { jwtSecret, refreshTokenDeriver } from './tokens';
import type { UserRow } from './users';

// What every operation of the built-in auth works with. The operations are plain functions over the
// database, independent of HTTP: http.ts parses requests and renders results, admin.ts serves the app's
// AuthAdmin from the same functions.

export interface LocalAuth {
  db: Database;
  config: Env;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Ended sessions of deleted and banned users, which the app's API refuses (auth/revocations.ts). */
  revocations: SessionRevocations;
  /** Signs access tokens and checks Bearer tokens. */
  secret: Uint8Array;
  /** JWT_SECRET_PREVIOUS: still accepted when checking Bearer tokens after a rotation. */
  previousSecret: Uint8Array | null;
  /** The refresh token of a refresh_tokens row id (tokens.ts). */
  refreshTokenFor: (id: string) => string;
}

export function createLocalAuth(
  deps: Pick<LocalAuth, 'db' | 'config' | 'mailer' | 'log' | 'revocations'>,
): LocalAuth {
  const secret = jwtSecret(deps.config);
  return {
    ...deps,
    secret,
    previousSecret: loadPreviousJwtSecret(deps.config),
    refreshTokenFor: refreshTokenDeriver(secret),
  };
}

/** Who sent the request; stored on the session. */
export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

/** Called before each mail a request would send; throws to refuse it (the per-IP mail limit). */
export type MailGuard = () => Promise<void>;

export interface PkceParams {
  code_challenge?: string;
  code_challenge_method?: string;
}

/** The user of a checked Bearer token. */
export interface SignedIn {
  user: UserRow;
  /** From the token's session_id claim. */
  sessionId: string | null;
}
