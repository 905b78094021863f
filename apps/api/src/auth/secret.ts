import { errors } from 'jose';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';

/**
 * The HS256 secret of the built-in auth: JWT_SECRET when set, otherwise one generated on first start and
 * kept in DATA_DIR/jwt-secret (mode 0600) so sessions survive restarts.
 */
export function loadJwtSecret(env: Pick<Env, 'JWT_SECRET' | 'DATA_DIR'>): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const file = path.join(env.DATA_DIR, 'jwt-secret');
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(env.DATA_DIR, { recursive: true });
    secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process wrote it first: use theirs.
      secret = readFileSync(file, 'utf8').trim();
    }
  }
  return new TextEncoder().encode(secret);
}

/** JWT_SECRET_PREVIOUS: the secret before a rotation, still accepted when checking tokens. */
export function loadPreviousJwtSecret(env: Pick<Env, 'JWT_SECRET_PREVIOUS'>): Uint8Array | null {
  return env.JWT_SECRET_PREVIOUS ? new TextEncoder().encode(env.JWT_SECRET_PREVIOUS) : null;
}

/**
 * Checks a token with the current key, and with the previous one (JWT_SECRET_PREVIOUS) when the signature does
 * not match the current: the one rule for both places that check the built-in auth's tokens.
 */
export async function verifyWithPrevious<Key, Result>(
  current: Key,
  previous: Key | null,
  verify: (key: Key) => Promise<Result>,
): Promise<Result> {
  try {
    return await verify(current);
  } catch (err) {
    if (!previous || !(err instanceof errors.JWSSignatureVerificationFailed)) throw err;
    return verify(previous);
  }
}
