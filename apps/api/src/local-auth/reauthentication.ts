import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client';
import type { LocalAuth, MailGuard, SignedIn } from './context';
import { authError, unprocessable } from './errors';
import { otpHash } from './links';
import { reauthenticationMail } from './mails';
import { authOneTimeTokens } from './schema';
import { randomOtp, randomToken, sha256 } from './tokens';
import type { UserRow } from './users';

// Reauthentication (GoTrue's GET /reauthenticate and PUT /user with `nonce`): a six-digit code mailed to the
// signed-in user, which a password change needs when AUTH_SECURE_PASSWORD_CHANGE is on and the session is
// older than a day (ADR 015).

const NONCE_LIFETIME_MS = 3_600_000;
/** One mail per user and minute, as the link mails (GoTrue's GOTRUE_SMTP_MAX_FREQUENCY). */
const NONCE_MIN_INTERVAL_MS = 60_000;
/** A session younger than this changes the password without a nonce (GoTrue's rule). */
export const RECENT_SESSION_MS = 24 * 3_600_000;
const INVALID_NONCE = 'Nonce has expired or is invalid';

/** GET /reauthenticate: mails a new nonce (replacing the previous one); answers `{}`. */
export async function reauthenticate(
  auth: LocalAuth,
  signedIn: SignedIn,
  guard?: MailGuard,
): Promise<Record<string, never>> {
  const { user } = signedIn;
  const now = new Date();
  const [last] = await auth.db
    .select({ created_at: authOneTimeTokens.created_at })
    .from(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.user_id, user.id), eq(authOneTimeTokens.type, 'reauthentication')))
    .limit(1);
  const since = last ? now.getTime() - last.created_at.getTime() : Infinity;
  if (since < NONCE_MIN_INTERVAL_MS) {
    const wait = Math.ceil((NONCE_MIN_INTERVAL_MS - since) / 1000);
    throw authError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
  await guard?.();
  const otp = randomOtp();
  await auth.db.transaction(async (tx) => {
    await tx
      .delete(authOneTimeTokens)
      .where(and(eq(authOneTimeTokens.user_id, user.id), eq(authOneTimeTokens.type, 'reauthentication')));
    await tx.insert(authOneTimeTokens).values({
      id: randomUUID(),
      user_id: user.id,
      type: 'reauthentication',
      // Never sent: the nonce is only the code, bound to the address.
      token_hash: sha256(randomToken()),
      otp_hash: otpHash(user.email, otp),
      email: user.email,
      created_at: now,
      expires_at: new Date(now.getTime() + NONCE_LIFETIME_MS),
    });
  });
  await auth.mailer.send(reauthenticationMail(user.email, otp, NONCE_LIFETIME_MS));
  return {};
}

/** Uses up the user's nonce inside the transaction of the change it allows; 422 when wrong or expired. */
export async function consumeNonce(tx: Executor, user: UserRow, nonce: string, now: Date): Promise<void> {
  const used = await tx
    .update(authOneTimeTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(authOneTimeTokens.user_id, user.id),
        eq(authOneTimeTokens.type, 'reauthentication'),
        eq(authOneTimeTokens.email, user.email),
        eq(authOneTimeTokens.otp_hash, otpHash(user.email, nonce.trim())),
        isNull(authOneTimeTokens.used_at),
      ),
    )
    .returning({ expires_at: authOneTimeTokens.expires_at });
  if (!used[0] || used[0].expires_at <= now) {
    throw unprocessable('reauthentication_not_valid', INVALID_NONCE);
  }
}
