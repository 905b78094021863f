import { grantRole } from '../domain/accounts/roles';
import type { LocalAuth, MailGuard, PkceParams, RequestMeta } from './context';
import { badRequest, unprocessable } from './errors';
import { pkceParams, sendLinkMail } from './links';
import { assertStrongPassword, hashPassword } from './password';
import { startSession, type SessionResponse } from './sessions';
import {
  findUserByEmail,
  insertUser,
  isBanned,
  obfuscatedUser,
  toUserJson,
  validEmail,
  withPasswordFlag,
  type UserJson,
} from './users';

// The public requests that mail a link: sign-up, resending the confirmation, magic link, password recovery.
// None of them tells whether an address is registered.

/** GoTrue's answer while self-registration is closed (AUTH_DISABLE_SIGNUP). */
export const signupDisabled = () => unprocessable('signup_disabled', 'Signups not allowed for this instance');

/**
 * POST /signup. Answers the user without a session and mails the confirmation link; with AUTH_AUTOCONFIRM
 * the address counts as confirmed at once (AUTO_ROLE applies) and the answer is a session.
 */
export async function signup(
  auth: LocalAuth,
  body: { email?: string; phone?: string; password?: string; data?: Record<string, unknown> } & PkceParams,
  redirectTo: string | undefined,
  guard?: MailGuard,
  meta: RequestMeta = {},
): Promise<UserJson | SessionResponse> {
  if (auth.config.AUTH_DISABLE_SIGNUP) throw signupDisabled();
  if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!body.email) throw badRequest('validation_failed', 'To signup, please provide your email');
  const email = validEmail(body.email);
  if (!body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  assertStrongPassword(body.password);
  const pkce = pkceParams(body);
  const data = withPasswordFlag(body.data, body.password);

  let user = await findUserByEmail(auth.db, email);
  if (auth.config.AUTH_AUTOCONFIRM) {
    // Without a confirmation there is nothing to hide: GoTrue answers a taken address openly here. An
    // unconfirmed account is not taken over by whoever signs up with its address.
    if (user) throw unprocessable('user_already_exists', 'User already registered');
    const password = await hashPassword(body.password);
    return auth.db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        email,
        encrypted_password: password,
        raw_user_meta_data: data,
        email_confirmed_at: new Date(),
      });
      if (auth.config.AUTO_ROLE !== 'none') await grantRole(tx, created.id, auth.config.AUTO_ROLE, null);
      return startSession(auth, tx, created, 'password', meta);
    });
  }
  if (user?.email_confirmed_at) {
    // GoTrue answers a confirmed address with a look-alike user and sends nothing: no enumeration.
    return obfuscatedUser(email, data);
  }
  // An unconfirmed user is not changed (we cannot know who claims the address); the link is sent again.
  user ??= await insertUser(auth.db, {
    email,
    encrypted_password: await hashPassword(body.password),
    raw_user_meta_data: data,
  });
  user = await sendLinkMail(auth, user, 'signup', redirectTo, { guard, pkce });
  return toUserJson(user);
}

/** POST /resend (type signup): sends the confirmation link again. Unknown or confirmed address: `{}`. */
export async function resend(
  auth: LocalAuth,
  body: { type?: string; email?: string; phone?: string } & PkceParams,
  redirectTo: string | undefined,
  guard?: MailGuard,
): Promise<Record<string, never>> {
  const types = ['signup', 'email_change', 'sms', 'phone_change'];
  if (!body.type || !types.includes(body.type)) {
    throw badRequest('validation_failed', `Missing one of these types: ${types.join(', ')}`);
  }
  if (body.type === 'sms' || body.type === 'phone_change' || (body.phone && !body.email)) {
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (!body.email) throw badRequest('validation_failed', 'An email address is required');
  const email = validEmail(body.email);
  const pkce = pkceParams(body);
  // No e-mail change is ever pending here: nothing to resend.
  if (body.type === 'email_change') return {};
  const user = await findUserByEmail(auth.db, email);
  if (!user || user.email_confirmed_at || isBanned(user, new Date())) return {};
  await sendLinkMail(auth, user, 'signup', redirectTo, { guard, pkce });
  return {};
}

/** POST /recover: mails a recovery link; answers `{}` whether or not the address is known. */
export async function recover(
  auth: LocalAuth,
  body: { email?: string } & PkceParams,
  redirectTo: string | undefined,
  guard?: MailGuard,
): Promise<Record<string, never>> {
  if (!body.email) throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validEmail(body.email);
  const pkce = pkceParams(body);
  const user = await findUserByEmail(auth.db, email);
  if (!user || isBanned(user, new Date())) return {};
  await sendLinkMail(auth, user, 'recovery', redirectTo, { guard, pkce });
  return {};
}

/**
 * POST /otp: a magic link. A new address is signed up first when `create_user` is not false, and an
 * unconfirmed one gets the confirmation link (which signs in as well). Unknown address and
 * `create_user: false`: `{}` without a mail, like an unknown address on /recover.
 */
export async function otp(
  auth: LocalAuth,
  body: {
    email?: string;
    phone?: string;
    create_user?: boolean;
    data?: Record<string, unknown>;
  } & PkceParams,
  redirectTo: string | undefined,
  guard?: MailGuard,
): Promise<Record<string, never>> {
  if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!body.email) throw badRequest('validation_failed', 'An email address is required');
  const email = validEmail(body.email);
  const pkce = pkceParams(body);
  let user = await findUserByEmail(auth.db, email);
  if (!user) {
    if (body.create_user === false) return {};
    if (auth.config.AUTH_DISABLE_SIGNUP) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    user = await insertUser(auth.db, { email, raw_user_meta_data: body.data ?? {} });
  }
  if (isBanned(user, new Date())) return {};
  await sendLinkMail(auth, user, user.email_confirmed_at ? 'magiclink' : 'signup', redirectTo, {
    guard,
    pkce,
  });
  return {};
}
