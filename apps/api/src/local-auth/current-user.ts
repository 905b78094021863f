import { errorMessages, isDemoEmail } from '@app/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { LocalAuth, SignedIn } from './context';
import { badRequest, forbidden, unprocessable } from './errors';
import { assertStrongPassword, hashPassword, verifyPassword } from './password';
import { consumeNonce, RECENT_SESSION_MS } from './reauthentication';
import { authSessions } from './schema';
import {
  mergeMetadata,
  normalizeEmail,
  toUserJson,
  updateUserRow,
  type UserJson,
  type UserPatch,
} from './users';

// What the signed-in user does with their own account: PUT /user and POST /logout.

/**
 * PUT /user: merges `data` into user_metadata (a null value removes the key) and changes the password of
 * the signed-in user. With AUTH_SECURE_PASSWORD_CHANGE a session older than a day needs the `nonce` of GET
 * /reauthenticate (400 reauthentication_needed, 422 reauthentication_not_valid), as GoTrue. Same password
 * → 422 same_password; other sessions end on a change.
 */
export async function updateUser(
  auth: LocalAuth,
  signedIn: SignedIn,
  body: { email?: string; phone?: string; password?: string; nonce?: string; data?: Record<string, unknown> },
): Promise<UserJson> {
  const { user } = signedIn;
  if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (body.email !== undefined && normalizeEmail(body.email) !== user.email) {
    throw unprocessable('validation_failed', 'Changing the email address is not supported');
  }
  // The shared demo logins keep their password: every visitor of the demo signs in with it.
  if (body.password !== undefined && auth.config.DEMO && isDemoEmail(user.email)) {
    throw forbidden('demo_account_locked', errorMessages.DEMO_ACCOUNT_LOCKED);
  }
  const patch: UserPatch = {};
  const now = new Date();
  const nonce = body.password !== undefined ? await requiredNonce(auth, signedIn, body.nonce, now) : null;
  if (body.password !== undefined) {
    assertStrongPassword(body.password);
    if (user.encrypted_password && (await verifyPassword(body.password, user.encrypted_password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    patch.encrypted_password = await hashPassword(body.password);
  }
  if (body.data) patch.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, body.data);
  if (!Object.keys(patch).length) return toUserJson(user);
  const updated = await auth.db.transaction(async (tx) => {
    if (nonce !== null) await consumeNonce(tx, user, nonce, now);
    const row = await updateUserRow(tx, user.id, patch);
    if (patch.encrypted_password) {
      await tx
        .delete(authSessions)
        .where(
          signedIn.sessionId
            ? and(eq(authSessions.user_id, user.id), ne(authSessions.id, signedIn.sessionId))
            : eq(authSessions.user_id, user.id),
        );
    }
    return row;
  });
  return toUserJson(updated);
}

/** The nonce a password change needs (GoTrue: no session, or one older than a day), else null. */
async function requiredNonce(
  auth: LocalAuth,
  signedIn: SignedIn,
  nonce: string | undefined,
  now: Date,
): Promise<string | null> {
  if (!auth.config.AUTH_SECURE_PASSWORD_CHANGE) return null;
  const [session] = signedIn.sessionId
    ? await auth.db
        .select({ created_at: authSessions.created_at })
        .from(authSessions)
        .where(eq(authSessions.id, signedIn.sessionId))
        .limit(1)
    : [];
  if (session && now.getTime() - session.created_at.getTime() < RECENT_SESSION_MS) return null;
  if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  return nonce;
}

/** POST /logout?scope=global|local|others */
export async function logout(auth: LocalAuth, signedIn: SignedIn, scope: string | undefined): Promise<void> {
  const s = scope ?? 'global';
  if (s !== 'global' && s !== 'local' && s !== 'others') {
    throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(s)}`);
  }
  const mine = eq(authSessions.user_id, signedIn.user.id);
  if (s === 'global' || !signedIn.sessionId) {
    if (s !== 'others') await auth.db.delete(authSessions).where(mine);
    return;
  }
  const current = eq(authSessions.id, signedIn.sessionId);
  await auth.db
    .delete(authSessions)
    .where(s === 'local' ? and(mine, current) : and(mine, ne(authSessions.id, signedIn.sessionId)));
}
