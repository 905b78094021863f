import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client';
import type { LocalAuth, MailGuard, PkceParams } from './context';
import { authError, badRequest } from './errors';
import { authMail } from './mails';
import { authFlowState, authOneTimeTokens, type OneTimeTokenType } from './schema';
import { randomOtp, randomToken, sha256 } from './tokens';
import { updateUserRow, type UserRow } from './users';

// E-mail links: the one-time token (and six-digit code) behind each, where it lands, and mailing it.

/** GoTrue's GOTRUE_SMTP_MAX_FREQUENCY default: one mail of a kind per user per minute. */
const MAIL_MIN_INTERVAL_MS = 60_000;
/** How long e-mail links and codes stay valid. */
const LINK_LIFETIME_MS: Record<OneTimeTokenType, number> = {
  signup: 24 * 3_600_000,
  invite: 24 * 3_600_000,
  recovery: 3_600_000,
  magiclink: 3_600_000,
};
/** Where a link lands in the SPA unless the client asked for an allowed `redirect_to`. */
export const DEFAULT_REDIRECT_PATHS: Record<OneTimeTokenType, string> = {
  signup: '/email-confirmed',
  invite: '/email-confirmed',
  recovery: '/update-password',
  magiclink: '/',
};

/** `redirect_to` when it points into this app (PUBLIC_URL's origin), else the page for this link. */
export function redirectUrl(auth: LocalAuth, requested: string | undefined, fallbackPath: string): string {
  const base = new URL(auth.config.PUBLIC_URL);
  if (requested) {
    try {
      const url = new URL(requested, base);
      if (url.origin === base.origin) return url.toString();
    } catch {
      // not a URL: use the default
    }
  }
  return `${auth.config.PUBLIC_URL}${fallbackPath}`;
}

/** The GET /verify URL a mail carries. */
export function linkUrl(
  auth: LocalAuth,
  type: OneTimeTokenType,
  token: string,
  redirectTo: string,
  pkce: boolean,
): string {
  const params = new URLSearchParams({
    token: pkce ? `pkce_${token}` : token,
    type,
    redirect_to: redirectTo,
  });
  return `${auth.config.PUBLIC_URL}/auth/v1/verify?${params.toString()}`;
}

/** The request's PKCE parameters, checked as GoTrue does; undefined without PKCE. */
export function pkceParams(body: PkceParams): PkceParams | undefined {
  const { code_challenge: challenge, code_challenge_method: method } = body;
  if (!challenge && !method) return undefined;
  if (!challenge || !method) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain')
    throw badRequest('validation_failed', 'code challenge method not supported');
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { code_challenge: challenge, code_challenge_method: m };
}

function usesPkce(pkce: PkceParams | undefined): boolean {
  return !!(pkce?.code_challenge && pkce.code_challenge_method);
}

/** What is stored of a six-digit code: bound to the address, so a code is only tried against its own. */
export function otpHash(email: string, otp: string): string {
  return sha256(`${email.trim().toLowerCase()}:${otp}`);
}

/** One live link per user and type: issuing a new one invalidates the previous. */
export async function issueLinkToken(
  tx: Executor,
  user: UserRow,
  type: OneTimeTokenType,
  now: Date,
  flowStateId: string | null,
): Promise<{ token: string; otp: string }> {
  await tx
    .delete(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.user_id, user.id), eq(authOneTimeTokens.type, type)));
  const token = randomToken();
  const otp = randomOtp();
  await tx.insert(authOneTimeTokens).values({
    id: randomUUID(),
    user_id: user.id,
    type,
    token_hash: sha256(token),
    otp_hash: otpHash(user.email, otp),
    email: user.email,
    flow_state_id: flowStateId,
    created_at: now,
    expires_at: new Date(now.getTime() + LINK_LIFETIME_MS[type]),
  });
  return { token, otp };
}

/**
 * Mails a link of `type` to `user`: at most one mail of a kind per user and minute (429
 * over_email_send_rate_limit), then the caller's per-IP guard. With PKCE the link completes a flow state
 * instead of carrying a session.
 */
export async function sendLinkMail(
  auth: LocalAuth,
  user: UserRow,
  type: OneTimeTokenType,
  redirectTo: string | undefined,
  options: { guard?: MailGuard | undefined; pkce?: PkceParams | undefined },
): Promise<UserRow> {
  const now = new Date();
  const sentAtColumn = type === 'signup' || type === 'invite' ? 'confirmation_sent_at' : 'recovery_sent_at';
  const lastSent = user[sentAtColumn];
  if (lastSent && now.getTime() - lastSent.getTime() < MAIL_MIN_INTERVAL_MS) {
    const wait = Math.ceil((MAIL_MIN_INTERVAL_MS - (now.getTime() - lastSent.getTime())) / 1000);
    throw authError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
  await options.guard?.();
  const target = redirectUrl(auth, redirectTo, DEFAULT_REDIRECT_PATHS[type]);
  const { pkce } = options;
  const { token, otp } = await auth.db.transaction(async (tx) => {
    let flowStateId: string | null = null;
    if (pkce?.code_challenge && pkce.code_challenge_method) {
      flowStateId = randomUUID();
      await tx.insert(authFlowState).values({
        id: flowStateId,
        user_id: user.id,
        code_challenge: pkce.code_challenge,
        code_challenge_method: pkce.code_challenge_method === 'plain' ? 'plain' : 's256',
        authentication_method: type,
        created_at: now,
      });
    }
    return issueLinkToken(tx, user, type, now, flowStateId);
  });
  const link = linkUrl(auth, type, token, target, usesPkce(pkce));
  await auth.mailer.send(authMail(type, user.email, { link, otp, lifetimeMs: LINK_LIFETIME_MS[type] }));
  return updateUserRow(auth.db, user.id, { [sentAtColumn]: now });
}
