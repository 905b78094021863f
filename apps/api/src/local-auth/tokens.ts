import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { loadJwtSecret, verifyWithPrevious } from '../auth/secret';
import type { Env } from '../env';
import type { AmrEntry } from './schema';

// Tokens of the built-in auth. Access tokens are HS256 JWTs with GoTrue's claims; everything else is opaque
// random text of which only a SHA-256 hash is stored.

export type SecretEnv = Pick<Env, 'JWT_SECRET' | 'DATA_DIR'>;

const secrets = new Map<string, Uint8Array>();

/** The signing secret (src/auth/secret.ts), read once per configuration. */
export function jwtSecret(env: SecretEnv): Uint8Array {
  const key = `${env.JWT_SECRET ?? ''}\0${env.DATA_DIR}`;
  let secret = secrets.get(key);
  if (!secret) {
    secret = loadJwtSecret(env);
    secrets.set(key, secret);
  }
  return secret;
}

/** `iss` of every token: where the auth API lives. */
export function issuer(env: Pick<Env, 'PUBLIC_URL'>): string {
  return `${env.PUBLIC_URL}/auth/v1`;
}

/** The claims of a user's access token (GoTrue's, plus the app's `user_role`). */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  email: string;
  phone: string;
  role: 'authenticated';
  aud: 'authenticated';
  session_id: string;
  aal: 'aal1';
  amr: AmrEntry[];
  is_anonymous: false;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  /** From public.user_roles at issue time; absent when the user has no role (waitlist). */
  user_role?: 'teacher' | 'organization_member';
}

export async function signAccessToken(
  secret: Uint8Array,
  claims: Omit<AccessTokenClaims, 'iat' | 'exp' | 'iss'>,
  options: { issuer: string; issuedAt: number; expiresIn: number },
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(options.issuer)
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.issuedAt + options.expiresIn)
    .sign(secret);
}

/**
 * Verifies signature and expiry with `secret`, or with `previous` (JWT_SECRET_PREVIOUS after a rotation);
 * throws jose's errors otherwise.
 */
export async function verifyJwt(
  secret: Uint8Array,
  token: string,
  previous: Uint8Array | null = null,
): Promise<JWTPayload> {
  return verifyWithPrevious(
    secret,
    previous,
    async (key) => (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload,
  );
}

/** Ten years, like the service-role keys of a Supabase project. */
const SERVICE_ROLE_TOKEN_LIFETIME = 10 * 365 * 24 * 3600;

/**
 * A service-role JWT for the built-in admin API (`/auth/v1/admin/*`, `/auth/v1/invite`), signed with the
 * same secret as access tokens. Server-side only: never publish it (not in /api/config, not in logs).
 */
export async function mintServiceRoleToken(
  env: SecretEnv & Pick<Env, 'PUBLIC_URL'>,
  options: { expiresIn?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer(env))
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? SERVICE_ROLE_TOKEN_LIFETIME))
    .sign(jwtSecret(env));
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Opaque random text for links and auth codes (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The six-digit code printed in mails beside the link. */
export function randomOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Refresh tokens are derived from their row id with a key derived from the JWT secret: the database holds
 * only a hash, yet the server can hand out a session's current token again (GoTrue's reuse interval).
 */
export function refreshTokenDeriver(secret: Uint8Array): (id: string) => string {
  const key = createHmac('sha256', secret).update('local-auth refresh tokens').digest();
  return (id) => createHmac('sha256', key).update(id).digest('base64url');
}
