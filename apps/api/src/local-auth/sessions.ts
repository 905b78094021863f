import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client';
import type { LocalAuth, RequestMeta } from './context';
import { authRefreshTokens, authSessions, authUsers, type AmrEntry } from './schema';
import { issuer, sha256, signAccessToken } from './tokens';
import { appMetadata, requireUser, roleClaim, toUserJson, type UserJson, type UserRow } from './users';

// Sessions: a row per sign-in, a chain of single-use refresh tokens, and the access token answered with them.

/** GoTrue's session answer (POST /token and friends). */
export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: { reasons: string[]; message: string };
}

export function sessionMeta(meta: RequestMeta): { user_agent: string | null; ip: string | null } {
  return { user_agent: meta.userAgent?.slice(0, 500) ?? null, ip: meta.ip ?? null };
}

/** The `amr` method of a session started by this kind of link or flow. */
export function amrMethod(type: string): string {
  if (type === 'recovery') return 'recovery';
  if (type === 'invite') return 'invite';
  if (type === 'magiclink') return 'magiclink';
  return 'otp';
}

/** Starts a session for `user` (signed in by `method`) and answers its first tokens. */
export async function startSession(
  auth: LocalAuth,
  tx: Executor,
  user: UserRow,
  method: string,
  meta: RequestMeta,
): Promise<SessionResponse> {
  const now = new Date();
  const sessionId = randomUUID();
  const amr: AmrEntry[] = [{ method, timestamp: Math.floor(now.getTime() / 1000) }];
  await tx.insert(authSessions).values({
    id: sessionId,
    user_id: user.id,
    amr,
    ...sessionMeta(meta),
    refreshed_at: now,
    created_at: now,
    updated_at: now,
  });
  const refreshToken = await insertRefreshToken(auth, tx, sessionId, user.id, null, now);
  const [signedIn] = await tx
    .update(authUsers)
    .set({ last_sign_in_at: now })
    .where(eq(authUsers.id, user.id))
    .returning();
  return sessionResponse(auth, tx, signedIn ?? user, sessionId, amr, refreshToken, now);
}

/** Adds a refresh token to a session (`parent`: the token it replaces); answers the token itself. */
export async function insertRefreshToken(
  auth: LocalAuth,
  tx: Executor,
  sessionId: string,
  userId: string,
  parent: string | null,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  const token = auth.refreshTokenFor(id);
  await tx.insert(authRefreshTokens).values({
    id,
    token_hash: sha256(token),
    session_id: sessionId,
    user_id: userId,
    parent,
    created_at: now,
    updated_at: now,
  });
  return token;
}

/** A fresh access token of the session beside `refreshToken`; the role claim is read now. */
export async function sessionResponse(
  auth: LocalAuth,
  ex: Executor,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  refreshToken: string,
  now: Date,
): Promise<SessionResponse> {
  const role = await roleClaim(ex, user.id);
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresIn = auth.config.JWT_EXPIRY;
  const accessToken = await signAccessToken(
    auth.secret,
    {
      sub: user.id,
      email: user.email,
      phone: '',
      role: 'authenticated',
      aud: 'authenticated',
      session_id: sessionId,
      aal: 'aal1',
      amr,
      is_anonymous: false,
      app_metadata: appMetadata(user),
      user_metadata: user.raw_user_meta_data,
      ...(role ? { user_role: role } : {}),
    },
    { issuer: issuer(auth.config), issuedAt, expiresIn },
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: issuedAt + expiresIn,
    refresh_token: refreshToken,
    user: toUserJson(user),
  };
}

/** A fresh session for a user, without a password (the demo login). */
export async function issueSessionForUser(
  auth: LocalAuth,
  userId: string,
  meta: RequestMeta = {},
): Promise<SessionResponse> {
  const user = await requireUser(auth.db, userId);
  return auth.db.transaction((tx) => startSession(auth, tx, user, 'password', meta));
}
