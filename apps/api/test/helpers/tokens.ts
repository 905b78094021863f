import { ZApiError, type UserRole } from '@app/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { loadJwtSecret } from '../../src/auth/secret';

/**
 * An access token as the built-in auth issues it, signed with the app's own secret. For tests of the API's
 * authorization that should not depend on going through sign-up first.
 */
export async function accessToken(
  app: FastifyInstance,
  user: { id?: string; email?: string; role?: UserRole | null } = {},
  options: { expiresIn?: string; secret?: Uint8Array } = {},
): Promise<{ token: string; userId: string }> {
  const userId = user.id ?? randomUUID();
  const claims: Record<string, unknown> = {
    email: user.email ?? `${userId.slice(0, 8)}@schule.example`,
    role: 'authenticated',
    session_id: randomUUID(),
    aal: 'aal1',
    app_metadata: { provider: 'email' },
    user_metadata: {},
  };
  if (user.role) claims.user_role = user.role;
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(options.secret ?? loadJwtSecret(app.config));
  return { token, userId };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A signed-in user (a teacher unless told otherwise) who calls the API with their own token. */
export async function signIn(app: FastifyInstance, user: { id?: string; role?: UserRole | null } = {}) {
  const { token, userId } = await accessToken(app, { role: 'teacher', ...user });
  const call = (method: InjectOptions['method'], url: string, payload?: object, headers = {}) =>
    app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
  return { id: userId, token, call };
}
export type SignedIn = Awaited<ReturnType<typeof signIn>>;

/** The `error` part of the API's error body, parsed. */
export const errorOf = (body: unknown) => ZApiError.parse(body).error;
