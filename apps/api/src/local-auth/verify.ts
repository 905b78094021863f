import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { grantRole } from '../domain/accounts/roles';
import type { Executor } from '../db/client';
import type { LocalAuth, RequestMeta } from './context';
import { authError, badRequest, forbidden, LocalAuthError, MESSAGES, notFound } from './errors';
import { DEFAULT_REDIRECT_PATHS, otpHash, redirectUrl } from './links';
import { authFlowState, authOneTimeTokens, type OneTimeTokenType } from './schema';
import { amrMethod, startSession, type SessionResponse } from './sessions';
import { sha256 } from './tokens';
import { findUserById, isBanned, updateUserRow, validEmail, type UserRow } from './users';

// GET and POST /verify: redeeming an e-mail link or its six-digit code.

const VERIFY_TYPES = {
  signup: ['signup'],
  invite: ['invite'],
  recovery: ['recovery'],
  magiclink: ['magiclink'],
  // GoTrue's `email` type covers every link that confirms an address or signs in.
  email: ['signup', 'invite', 'magiclink'],
} as const satisfies Record<string, readonly OneTimeTokenType[]>;
type VerifyType = keyof typeof VERIFY_TYPES;

function isVerifyType(value: string | undefined): value is VerifyType {
  return value !== undefined && Object.hasOwn(VERIFY_TYPES, value);
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

type LinkOutcome = { kind: 'session'; session: SessionResponse } | { kind: 'code'; code: string };

/**
 * GET /verify (the link in a mail): redeems the token and answers with where to redirect: `redirect_to`
 * with the session in the fragment, `?code=` for PKCE links, or GoTrue's error parameters
 * (`error=access_denied&error_code=otp_expired…`) when the link was used, expired or never existed.
 */
export async function verifyLink(
  auth: LocalAuth,
  query: { token?: string; type?: string; redirect_to?: string },
  meta: RequestMeta,
): Promise<string> {
  const type = query.type;
  const target = redirectUrl(
    auth,
    query.redirect_to,
    DEFAULT_REDIRECT_PATHS[!isVerifyType(type) || type === 'email' ? 'signup' : type],
  );
  let token = query.token ?? '';
  const pkce = token.startsWith('pkce_');
  if (pkce) token = token.slice('pkce_'.length);
  try {
    if (!token) throw badRequest('validation_failed', 'Verify requires a token');
    if (!isVerifyType(type)) throw badRequest('validation_failed', 'Unsupported verification type');
    const result = await auth.db.transaction(async (tx): Promise<LinkOutcome> => {
      const now = new Date();
      const redeemed = await redeem(auth, tx, eq(authOneTimeTokens.token_hash, sha256(token)), type, now);
      if (!pkce) {
        return {
          kind: 'session',
          session: await startSession(auth, tx, redeemed.user, amrMethod(type), meta),
        };
      }
      const code = randomUUID();
      const flows = redeemed.flowStateId
        ? await tx
            .update(authFlowState)
            .set({ auth_code_hash: sha256(code), auth_code_issued_at: now })
            .where(eq(authFlowState.id, redeemed.flowStateId))
            .returning({ id: authFlowState.id })
        : [];
      if (!flows.length) throw notFound('flow_state_not_found', 'No associated flow state found');
      return { kind: 'code', code };
    });
    const url = new URL(target);
    if (result.kind === 'code') {
      url.searchParams.set('code', result.code);
    } else {
      const s = result.session;
      url.hash = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: s.token_type,
        type,
      }).toString();
    }
    return url.toString();
  } catch (err) {
    if (!(err instanceof LocalAuthError)) throw err;
    auth.log.info({ code: err.code }, 'E-Mail-Link abgelehnt');
    const params = new URLSearchParams();
    const oauth = OAUTH_ERRORS[err.status];
    if (oauth) params.set('error', oauth);
    params.set('error_code', err.code);
    params.set('error_description', err.message);
    // GoTrue puts the error in the fragment (and the query for PKCE); the query always, so that the SPA's
    // route guard sees it before any script reads the fragment.
    const url = new URL(target);
    url.search = params.toString();
    url.hash = params.toString();
    return url.toString();
  }
}

/** POST /verify: `token_hash` (from a link) or `email` plus the six-digit `token`; answers a session. */
export async function verifyOtp(
  auth: LocalAuth,
  body: { type?: string; token?: string; token_hash?: string; email?: string; phone?: string },
  meta: RequestMeta,
): Promise<SessionResponse> {
  if (!body.type) throw badRequest('validation_failed', 'Verify requires a verification type');
  const type = body.type;
  if (!isVerifyType(type)) throw badRequest('validation_failed', 'Unsupported verification type');
  let where: SQL | undefined;
  if (body.token_hash) {
    where = eq(authOneTimeTokens.token_hash, sha256(body.token_hash.replace(/^pkce_/, '')));
  } else if (body.email && body.token) {
    const email = validEmail(body.email);
    where = and(
      eq(authOneTimeTokens.email, email),
      eq(authOneTimeTokens.otp_hash, otpHash(email, body.token.replaceAll('-', '').trim())),
    );
  } else if (body.phone) {
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  } else {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  return auth.db.transaction(async (tx) => {
    const now = new Date();
    const redeemed = await redeem(auth, tx, where, type, now, MESSAGES.otpInvalid);
    return startSession(auth, tx, redeemed.user, amrMethod(type), meta);
  });
}

/**
 * Marks a one-time token used (exactly once, even under concurrency) and applies what the link stands
 * for: every link proves the address, so an unconfirmed user is confirmed (and gets AUTO_ROLE).
 */
async function redeem(
  auth: LocalAuth,
  tx: Executor,
  where: SQL | undefined,
  type: VerifyType,
  now: Date,
  message: string = MESSAGES.linkInvalid,
): Promise<{ user: UserRow; flowStateId: string | null }> {
  const expired = forbidden('otp_expired', message);
  const [row] = await tx
    .select()
    .from(authOneTimeTokens)
    .where(and(where, inArray(authOneTimeTokens.type, [...VERIFY_TYPES[type]])))
    .limit(1);
  if (!row || row.used_at || row.expires_at <= now) throw expired;
  const used = await tx
    .update(authOneTimeTokens)
    .set({ used_at: now })
    .where(and(eq(authOneTimeTokens.id, row.id), isNull(authOneTimeTokens.used_at)))
    .returning({ id: authOneTimeTokens.id });
  if (!used.length) throw expired;
  let user = await findUserById(tx, row.user_id);
  if (!user || user.email !== row.email) throw expired;
  if (isBanned(user, now)) throw authError(401, 'user_banned', 'Error confirming user');
  if (!user.email_confirmed_at) {
    user = await updateUserRow(tx, user.id, { email_confirmed_at: now });
    if (auth.config.AUTO_ROLE !== 'none') {
      await grantRole(tx, user.id, auth.config.AUTO_ROLE, null);
    }
  }
  return { user, flowStateId: row.flow_state_id };
}
