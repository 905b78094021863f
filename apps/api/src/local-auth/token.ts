import { and, desc, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { sessionRevocations } from '../db/schema';
import type { LocalAuth, RequestMeta } from './context';
import { authError, badRequest, forbidden, MESSAGES, notFound } from './errors';
import { checkPasswordStrength, verifyPassword } from './password';
import { authFlowState, authRefreshTokens, authSessions, authUsers } from './schema';
import {
  amrMethod,
  insertRefreshToken,
  sessionMeta,
  sessionResponse,
  startSession,
  type SessionResponse,
} from './sessions';
import { sha256 } from './tokens';
import { findUserByEmail, findUserById, isBanned } from './users';

// POST /token: the three grants that answer a session (password, refresh token, PKCE auth code).

/** GoTrue's GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL default. */
const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000;
/** How long an auth code issued by an e-mail link may wait for its exchange (GoTrue: 5 min). */
const FLOW_STATE_LIFETIME_MS = 5 * 60_000;

type RefreshOutcome =
  | { kind: 'session'; session: SessionResponse }
  | { kind: 'reused'; sessionId: string }
  | { kind: 'ended'; sessionId: string }
  | { kind: 'retry' };

/** POST /token?grant_type=password */
export async function passwordGrant(
  auth: LocalAuth,
  body: { email?: string; phone?: string; password?: string },
  meta: RequestMeta,
): Promise<SessionResponse> {
  if (body.email && body.phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!body.email) throw badRequest('validation_failed', 'missing email or phone');
  const user = await findUserByEmail(auth.db, body.email);
  const ok = await verifyPassword(body.password ?? '', user?.encrypted_password);
  if (!user || !ok) throw badRequest('invalid_credentials', MESSAGES.invalidLogin);
  if (isBanned(user, new Date())) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', MESSAGES.emailNotConfirmed);
  const session = await auth.db.transaction((tx) => startSession(auth, tx, user, 'password', meta));
  // Like GoTrue: a password that no longer meets the rules signs in, but the client learns it is weak.
  const weak = checkPasswordStrength(body.password ?? '');
  return weak ? { ...session, weak_password: weak } : session;
}

/**
 * POST /token?grant_type=refresh_token. Tokens are single-use: each refresh revokes the token and issues
 * its child. A revoked token presented again within the reuse interval gets the session's current token
 * (a client that lost the response); later, it is treated as stolen and the whole session ends. A session
 * started before its user's sessions were ended (account deleted or banned, auth/revocations.ts) is over.
 */
export async function refreshGrant(
  auth: LocalAuth,
  refreshToken: string | undefined,
  meta: RequestMeta,
): Promise<SessionResponse> {
  if (!refreshToken) throw badRequest('validation_failed', 'refresh_token required');
  const hash = sha256(refreshToken);
  for (let attempt = 0; attempt < 5; attempt++) {
    const outcome = await auth.db.transaction(async (tx): Promise<RefreshOutcome> => {
      const [row] = await tx
        .select({
          token: authRefreshTokens,
          session: authSessions,
          user: authUsers,
          revokedAt: sessionRevocations.revoked_at,
        })
        .from(authRefreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, authRefreshTokens.session_id))
        .innerJoin(authUsers, eq(authUsers.id, authRefreshTokens.user_id))
        .leftJoin(sessionRevocations, eq(sessionRevocations.user_id, authRefreshTokens.user_id))
        .where(eq(authRefreshTokens.token_hash, hash))
        .limit(1);
      if (!row || row.user.deleted_at) {
        throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      }
      if (row.revokedAt && row.session.created_at <= row.revokedAt) {
        return { kind: 'ended', sessionId: row.session.id };
      }
      const now = new Date();
      if (isBanned(row.user, now)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');

      let issued: string;
      if (row.token.revoked) {
        const reusable = now.getTime() - row.token.updated_at.getTime() < REFRESH_TOKEN_REUSE_INTERVAL_MS;
        const [active] = reusable
          ? await tx
              .select({ id: authRefreshTokens.id })
              .from(authRefreshTokens)
              .where(
                and(eq(authRefreshTokens.session_id, row.session.id), eq(authRefreshTokens.revoked, false)),
              )
              .orderBy(desc(authRefreshTokens.created_at))
              .limit(1)
          : [];
        if (!active) return { kind: 'reused', sessionId: row.session.id };
        issued = auth.refreshTokenFor(active.id);
      } else {
        const swapped = await tx
          .update(authRefreshTokens)
          .set({ revoked: true, updated_at: now })
          .where(and(eq(authRefreshTokens.id, row.token.id), eq(authRefreshTokens.revoked, false)))
          .returning({ id: authRefreshTokens.id });
        // Refreshed concurrently: look again, now it is a revoked token within the reuse interval.
        if (!swapped.length) return { kind: 'retry' };
        issued = await insertRefreshToken(auth, tx, row.session.id, row.user.id, row.token.id, now);
      }
      await tx
        .update(authSessions)
        .set({ refreshed_at: now, updated_at: now, ...sessionMeta(meta) })
        .where(eq(authSessions.id, row.session.id));
      const session = await sessionResponse(auth, tx, row.user, row.session.id, row.session.amr, issued, now);
      return { kind: 'session', session };
    });
    if (outcome.kind === 'session') return outcome.session;
    if (outcome.kind === 'ended') {
      await auth.db.delete(authSessions).where(eq(authSessions.id, outcome.sessionId));
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    if (outcome.kind === 'reused') {
      await auth.db.delete(authSessions).where(eq(authSessions.id, outcome.sessionId));
      auth.log.warn({ sessionId: outcome.sessionId }, 'Refresh-Token wiederverwendet: Sitzung beendet');
      throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
  }
  throw authError(
    409,
    'validation_failed',
    'Too many concurrent token refresh requests on the same session or refresh token',
  );
}

/** POST /token?grant_type=pkce: the auth code from an e-mail link plus the client's code verifier. */
export async function pkceGrant(
  auth: LocalAuth,
  body: { auth_code?: string; code_verifier?: string },
  meta: RequestMeta,
): Promise<SessionResponse> {
  const { auth_code: code, code_verifier: verifier } = body;
  if (!code || !verifier) {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  return auth.db.transaction(async (tx) => {
    const [flow] = await tx
      .select()
      .from(authFlowState)
      .where(eq(authFlowState.auth_code_hash, sha256(code)))
      .limit(1);
    if (!flow) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    const now = new Date();
    const issuedAt = flow.auth_code_issued_at ?? flow.created_at;
    if (now.getTime() - issuedAt.getTime() > FLOW_STATE_LIFETIME_MS) {
      throw badRequest('flow_state_expired', 'invalid flow state, flow state has expired');
    }
    const expected =
      flow.code_challenge_method === 's256'
        ? createHash('sha256').update(verifier).digest('base64url')
        : verifier;
    if (expected !== flow.code_challenge) {
      throw forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    const user = await findUserById(tx, flow.user_id);
    if (!user) throw notFound('user_not_found', MESSAGES.userNotFound);
    await tx.delete(authFlowState).where(eq(authFlowState.id, flow.id));
    return startSession(auth, tx, user, amrMethod(flow.authentication_method), meta);
  });
}
