import type { UserRole } from '@app/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { claimRole, rolesOf } from '../domain/accounts/roles';
import type { Executor } from '../db/client';
import { isPgError, PgErrorCode } from '../db/errors';
import { badRequest, MESSAGES, notFound, unprocessable } from './errors';
import { authUsers } from './schema';

// The users table of the built-in auth: look-ups, writes and GoTrue's JSON shape of a user.

export type UserRow = typeof authUsers.$inferSelect;
export type UserPatch = Partial<typeof authUsers.$inferInsert>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

// GoTrue's address check (internal/api/mail.go validateEmail), without the DNS lookup.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Trimmed and lower-cased; null when it is not an address. */
export function normalizeEmail(value: string): string | null {
  const email = value.trim().toLowerCase();
  return email.length <= 255 && EMAIL.test(email) ? email : null;
}

/** The normalised address, or GoTrue's 400 email_address_invalid. */
export function validEmail(value: string): string {
  const email = normalizeEmail(value);
  if (!email) throw badRequest('email_address_invalid', 'Unable to validate email address: invalid format');
  return email;
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await ex
    .select()
    .from(authUsers)
    .where(and(eq(authUsers.email, email.trim().toLowerCase()), isNull(authUsers.deleted_at)))
    .limit(1);
  return user;
}

export async function findUserById(ex: Executor, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [user] = await ex
    .select()
    .from(authUsers)
    .where(and(eq(authUsers.id, id), isNull(authUsers.deleted_at)))
    .limit(1);
  return user;
}

/** A live user, or GoTrue's 404 user_not_found. */
export async function requireUser(ex: Executor, id: string): Promise<UserRow> {
  const user = await findUserById(ex, id);
  if (!user) throw notFound('user_not_found', MESSAGES.userNotFound);
  return user;
}

/** A taken address (the unique index on email) is GoTrue's 422 email_exists. */
export async function insertUser(
  ex: Executor,
  values: Omit<typeof authUsers.$inferInsert, 'id'>,
): Promise<UserRow> {
  const now = new Date();
  try {
    const [user] = await ex
      .insert(authUsers)
      .values({ id: randomUUID(), created_at: now, updated_at: now, ...values })
      .returning();
    if (!user) throw new Error('insert returned no row');
    return user;
  } catch (err) {
    if (isPgError(err, PgErrorCode.uniqueViolation))
      throw unprocessable('email_exists', MESSAGES.emailExists);
    throw err;
  }
}

export async function updateUserRow(ex: Executor, id: string, patch: UserPatch): Promise<UserRow> {
  try {
    const [user] = await ex
      .update(authUsers)
      .set({ ...patch, updated_at: new Date() })
      .where(eq(authUsers.id, id))
      .returning();
    if (!user) throw notFound('user_not_found', MESSAGES.userNotFound);
    return user;
  } catch (err) {
    if (isPgError(err, PgErrorCode.uniqueViolation))
      throw unprocessable('email_exists', MESSAGES.emailExists);
    throw err;
  }
}

/**
 * The metadata of an account created (or given a password) with a password: `has_password` tells the
 * registration dialog not to ask for one again (PRODUCT.md §2), whichever client set the password.
 */
export function withPasswordFlag(
  data: Record<string, unknown> | undefined,
  password: string | undefined,
): Record<string, unknown> {
  return password ? { ...data, has_password: true } : { ...data };
}

/** GoTrue's metadata update: keys are set, a null value removes the key. */
export function mergeMetadata(
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const result = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete result[key];
    else result[key] = value;
  }
  return result;
}

export function isBanned(user: UserRow, now: Date): boolean {
  return user.banned_until !== null && user.banned_until > now;
}

/** The `user_role` claim: organization_member wins over teacher; undefined without a role (waitlist). */
export async function roleClaim(ex: Executor, userId: string): Promise<UserRole | undefined> {
  return claimRole(await rolesOf(ex, userId)) ?? undefined;
}

export function appMetadata(user: Pick<UserRow, 'raw_app_meta_data'>): Record<string, unknown> {
  return { provider: 'email', providers: ['email'], ...user.raw_app_meta_data };
}

const iso = (date: Date | null) => (date ? date.toISOString() : undefined);

/** A user as GoTrue serialises it (models.User); unset timestamps are left out, as GoTrue's `omitempty`. */
export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  recovery_sent_at?: string;
  invited_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: Array<Record<string, unknown>>;
  created_at: string;
  updated_at: string;
  banned_until?: string;
  is_anonymous: boolean;
}

export function toUserJson(user: UserRow): UserJson {
  const json: UserJson = {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadata(user),
    user_metadata: user.raw_user_meta_data,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: {
          email: user.email,
          email_verified: user.email_confirmed_at !== null,
          phone_verified: false,
          sub: user.id,
        },
        provider: 'email',
        last_sign_in_at: iso(user.last_sign_in_at),
        created_at: user.created_at.toISOString(),
        updated_at: user.updated_at.toISOString(),
        email: user.email,
      },
    ],
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    banned_until: iso(user.banned_until),
    is_anonymous: false,
  };
  for (const key of Object.keys(json) as Array<keyof UserJson>) {
    if (json[key] === undefined) delete json[key];
  }
  return json;
}

/** What GoTrue answers for a sign-up with a confirmed address: a look-alike user that exists nowhere. */
export function obfuscatedUser(email: string, data: Record<string, unknown>): UserJson {
  const now = new Date();
  const json = toUserJson({
    id: randomUUID(),
    email,
    encrypted_password: null,
    email_confirmed_at: null,
    invited_at: null,
    confirmation_sent_at: now,
    recovery_sent_at: null,
    last_sign_in_at: null,
    raw_user_meta_data: data,
    raw_app_meta_data: {},
    banned_until: null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  });
  return { ...json, identities: [] };
}
