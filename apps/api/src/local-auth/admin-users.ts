import { count, desc, eq, isNull } from 'drizzle-orm';
import { recordRevocations } from '../auth/revocations';
import { userRoles } from '../db/schema/users';
import type { LocalAuth, MailGuard } from './context';
import { badRequest, notFound, MESSAGES, unprocessable } from './errors';
import { DEFAULT_REDIRECT_PATHS, issueLinkToken, linkUrl, redirectUrl, sendLinkMail } from './links';
import { assertStrongPassword, hashPassword } from './password';
import { authFlowState, authOneTimeTokens, authSessions, authUsers } from './schema';
import { sha256 } from './tokens';
import {
  findUserByEmail,
  insertUser,
  mergeMetadata,
  requireUser,
  toUserJson,
  updateUserRow,
  validEmail,
  withPasswordFlag,
  type UserJson,
  type UserPatch,
  type UserRow,
} from './users';

// The admin API (service-role token): users, links without mail, invitations. admin.ts serves the app's
// AuthAdmin from the same functions.

/** GET /admin/users: one page, newest first. */
export async function listUsers(
  auth: LocalAuth,
  page: number,
  perPage: number,
): Promise<{ users: UserJson[]; total: number }> {
  const live = isNull(authUsers.deleted_at);
  const [{ total } = { total: 0 }] = await auth.db.select({ total: count() }).from(authUsers).where(live);
  const rows = await auth.db
    .select()
    .from(authUsers)
    .where(live)
    .orderBy(desc(authUsers.created_at), desc(authUsers.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { users: rows.map(toUserJson), total };
}

/** Every live user, oldest first (AuthAdmin.listUsers). */
export async function allUsers(auth: LocalAuth): Promise<UserRow[]> {
  return auth.db.select().from(authUsers).where(isNull(authUsers.deleted_at)).orderBy(authUsers.created_at);
}

/** The fields of a user the admin API creates or changes (GoTrue's names). */
interface AdminUserBody {
  email?: string;
  password?: string;
  email_confirm?: boolean;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  ban_duration?: string;
}

/** POST /admin/users. `email_confirm: true` creates a confirmed user (no mail, no AUTO_ROLE). */
export async function adminCreateUser(
  auth: LocalAuth,
  body: AdminUserBody & { phone?: string },
): Promise<UserRow> {
  if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!body.email) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  const email = validEmail(body.email);
  if (body.password !== undefined) assertStrongPassword(body.password);
  if (await findUserByEmail(auth.db, email)) throw unprocessable('email_exists', MESSAGES.emailExists);
  const now = new Date();
  return insertUser(auth.db, {
    email,
    encrypted_password: body.password ? await hashPassword(body.password) : null,
    email_confirmed_at: body.email_confirm ? now : null,
    raw_user_meta_data: withPasswordFlag(body.user_metadata, body.password),
    raw_app_meta_data: body.app_metadata ?? {},
    banned_until: banUntil(body.ban_duration, now),
  });
}

/**
 * PUT /admin/users/{id}. A new password or a ban ends the user's sessions; a ban also ends their access
 * tokens at once, in every API process (auth/revocations.ts).
 */
export async function adminUpdateUser(auth: LocalAuth, id: string, body: AdminUserBody): Promise<UserRow> {
  const user = await requireUser(auth.db, id);
  const now = new Date();
  const patch: UserPatch = {};
  if (body.email !== undefined) {
    const email = validEmail(body.email);
    if (email !== user.email) {
      if (await findUserByEmail(auth.db, email)) throw unprocessable('email_exists', MESSAGES.emailExists);
      patch.email = email;
    }
  }
  if (body.password !== undefined) {
    assertStrongPassword(body.password);
    patch.encrypted_password = await hashPassword(body.password);
  }
  if (body.email_confirm === true && !user.email_confirmed_at) patch.email_confirmed_at = now;
  if (body.email_confirm === false) patch.email_confirmed_at = null;
  if (body.user_metadata || body.password)
    patch.raw_user_meta_data = mergeMetadata(
      user.raw_user_meta_data,
      withPasswordFlag(body.user_metadata, body.password),
    );
  if (body.app_metadata) patch.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, body.app_metadata);
  if (body.ban_duration !== undefined) patch.banned_until = banUntil(body.ban_duration, now);
  if (!Object.keys(patch).length) return user;
  const bans = patch.banned_until != null && patch.banned_until > now;
  const updated = await auth.db.transaction(async (tx) => {
    const row = await updateUserRow(tx, user.id, patch);
    if (patch.encrypted_password || (row.banned_until && row.banned_until > now)) {
      await tx.delete(authSessions).where(eq(authSessions.user_id, user.id));
    }
    if (bans) await recordRevocations(tx, [user.id], now);
    return row;
  });
  if (bans) auth.revocations.remember(user.id, now.getTime());
  return updated;
}

/**
 * DELETE /admin/users/{id}. Removes the user's roles too (public.user_roles has no FK to these tables).
 * Soft delete keeps an anonymised row (address replaced, password and metadata cleared, sessions ended).
 * Either way the user's access tokens end at once, in every API process (auth/revocations.ts).
 */
export async function adminDeleteUser(auth: LocalAuth, id: string, soft: boolean): Promise<void> {
  const user = await requireUser(auth.db, id);
  const now = new Date();
  await auth.db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.user_id, user.id));
    await recordRevocations(tx, [user.id], now);
    if (!soft) {
      await tx.delete(authUsers).where(eq(authUsers.id, user.id));
      return;
    }
    await tx.delete(authSessions).where(eq(authSessions.user_id, user.id));
    await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.user_id, user.id));
    await tx.delete(authFlowState).where(eq(authFlowState.user_id, user.id));
    await updateUserRow(tx, user.id, {
      email: `${sha256(`${user.id}:${user.email}`).slice(0, 32)}@deleted.invalid`,
      encrypted_password: null,
      raw_user_meta_data: {},
      deleted_at: now,
    });
  });
  auth.revocations.remember(user.id, now.getTime());
}

/**
 * POST /admin/generate_link: the link (and code) a mail would carry, without sending it. `signup` and
 * `invite` create the user when needed; `magiclink` and `recovery` need an existing one.
 */
export async function generateLink(
  auth: LocalAuth,
  body: {
    type?: string;
    email?: string;
    new_email?: string;
    password?: string;
    data?: Record<string, unknown>;
  },
  redirectTo: string | undefined,
): Promise<
  UserJson & {
    action_link: string;
    email_otp: string;
    hashed_token: string;
    redirect_to: string;
    verification_type: string;
  }
> {
  const type = body.type;
  if (type === 'email_change_current' || type === 'email_change_new') {
    return emailChangeLink(auth, type, body);
  }
  if (type !== 'signup' && type !== 'invite' && type !== 'magiclink' && type !== 'recovery') {
    throw badRequest('validation_failed', `Invalid email action link type requested: ${String(type)}`);
  }
  if (!body.email) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  const email = validEmail(body.email);
  let user = await findUserByEmail(auth.db, email);
  if (type === 'signup' || type === 'invite') {
    if (user?.email_confirmed_at) throw unprocessable('email_exists', MESSAGES.emailExists);
    if (type === 'signup') {
      if (!body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
      assertStrongPassword(body.password);
    }
    user ??= await insertUser(auth.db, {
      email,
      encrypted_password: body.password ? await hashPassword(body.password) : null,
      raw_user_meta_data: withPasswordFlag(body.data, body.password),
      invited_at: type === 'invite' ? new Date() : null,
    });
  }
  if (!user) throw notFound('user_not_found', 'User with this email not found');
  const target = redirectUrl(auth, redirectTo, DEFAULT_REDIRECT_PATHS[type]);
  const now = new Date();
  const u = user;
  const { token, otp } = await auth.db.transaction((tx) => issueLinkToken(tx, u, type, now, null));
  return {
    ...toUserJson(user),
    action_link: linkUrl(auth, type, token, target, false),
    email_otp: otp,
    hashed_token: token,
    redirect_to: target,
    verification_type: type,
  };
}

/**
 * generate_link for an e-mail change. The product offers no e-mail change, so this answers what GoTrue
 * answers with secure e-mail change off, in its order: unknown user 404, `email_change_current` 400; for
 * `email_change_new` the new address is checked (400 invalid, 422 taken) and the change itself refused as
 * PUT /user refuses it (ADR 015).
 */
async function emailChangeLink(
  auth: LocalAuth,
  type: 'email_change_current' | 'email_change_new',
  body: { email?: string; new_email?: string },
): Promise<never> {
  if (!body.email) throw badRequest('validation_failed', 'An email address is required');
  const user = await findUserByEmail(auth.db, validEmail(body.email));
  if (!user) throw notFound('user_not_found', 'User with this email not found');
  if (type === 'email_change_current') {
    throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
  }
  if (!body.new_email) throw badRequest('validation_failed', 'An email address is required');
  const newEmail = validEmail(body.new_email);
  const taken = await findUserByEmail(auth.db, newEmail);
  if (taken && taken.id !== user.id) throw unprocessable('email_exists', MESSAGES.emailExists);
  throw unprocessable('validation_failed', 'Changing the email address is not supported');
}

/** POST /invite: creates the user (or re-invites an unconfirmed one) and mails the invitation. */
export async function invite(
  auth: LocalAuth,
  body: { email?: string; data?: Record<string, unknown> },
  redirectTo: string | undefined,
  guard?: MailGuard,
): Promise<UserJson> {
  if (!body.email) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  const email = validEmail(body.email);
  let user = await findUserByEmail(auth.db, email);
  if (user?.email_confirmed_at) throw unprocessable('email_exists', MESSAGES.emailExists);
  user ??= await insertUser(auth.db, {
    email,
    raw_user_meta_data: body.data ?? {},
    invited_at: new Date(),
  });
  return toUserJson(await sendLinkMail(auth, user, 'invite', redirectTo, { guard }));
}

function banUntil(duration: string | undefined, now: Date): Date | null {
  if (duration === undefined || duration === 'none') return null;
  const ms = parseGoDuration(duration);
  if (ms === null) throw badRequest('validation_failed', `invalid format for ban duration: ${duration}`);
  return new Date(now.getTime() + ms);
}

const GO_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Go's time.ParseDuration (GoTrue's ban_duration), e.g. `24h`, `1h30m`, `876000h`; null if malformed. */
function parseGoDuration(value: string): number | null {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)) return null;
  let ms = 0;
  for (const [, amount, , unit] of value.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    ms += Number(amount) * (GO_UNITS[unit ?? ''] ?? 0);
  }
  return ms;
}
