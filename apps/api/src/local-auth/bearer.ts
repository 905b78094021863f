import { and, eq } from 'drizzle-orm';
import type { LocalAuth, SignedIn } from './context';
import { authError, forbidden } from './errors';
import { authSessions } from './schema';
import { verifyJwt } from './tokens';
import { findUserById, isUuid } from './users';

// The Bearer token checks of /auth/v1: a user's access token (GET/PUT /user, /logout) or a service-role
// token (the admin API).

async function verifyBearer(
  auth: LocalAuth,
  authorization: string | undefined,
): Promise<Record<string, unknown>> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await verifyJwt(auth.secret, match[1], auth.previousSecret);
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'invalid token';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

/** Checks a user's Bearer token as GoTrue's requireAuthentication does. */
export async function authenticate(auth: LocalAuth, authorization: string | undefined): Promise<SignedIn> {
  const claims = await verifyBearer(auth, authorization);
  if (typeof claims.sub !== 'string' || !claims.sub) {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  }
  const user = await findUserById(auth.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  if (sessionId) {
    const [session] = isUuid(sessionId)
      ? await auth.db
          .select({ id: authSessions.id })
          .from(authSessions)
          .where(and(eq(authSessions.id, sessionId), eq(authSessions.user_id, user.id)))
          .limit(1)
      : [];
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, sessionId };
}

/** Checks a service-role Bearer token (admin API). */
export async function requireAdmin(auth: LocalAuth, authorization: string | undefined): Promise<void> {
  const claims = await verifyBearer(auth, authorization);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw forbidden('not_admin', 'User not allowed');
  }
}
