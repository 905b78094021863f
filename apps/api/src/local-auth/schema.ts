import {
  boolean,
  check,
  index,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../db/schema/columns';

// Tables of the built-in GoTrue-compatible auth (ADR 005). They live in a schema of their own: `auth` belongs
// to a real Supabase database, and nothing outside src/local-auth/ reads these tables (the app's roles are in
// public.user_roles, keyed by the user id issued here). Secrets are never stored in plain text: passwords are
// bcrypt hashes, refresh tokens, one-time tokens and PKCE auth codes are SHA-256 hashes.

export const localAuthSchema = pgSchema('local_auth');

const ts = () => timestamp({ withTimezone: true });

/** What the JWT's `amr` claim lists: how the session was established. */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

export const authUsers = localAuthSchema.table(
  'users',
  {
    id: uuid().primaryKey(),
    /** Lower-cased. A soft-deleted user keeps an obfuscated address so the real one can be used again. */
    email: text().notNull(),
    /** bcrypt; null for users created by invite or magic link until they set one. */
    encrypted_password: text(),
    email_confirmed_at: ts(),
    invited_at: ts(),
    confirmation_sent_at: ts(),
    recovery_sent_at: ts(),
    last_sign_in_at: ts(),
    raw_user_meta_data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    raw_app_meta_data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    banned_until: ts(),
    deleted_at: ts(),
    created_at: ts().notNull().defaultNow(),
    updated_at: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.created_at.desc().nullsFirst()),
  ],
);

export const authSessions = localAuthSchema.table(
  'sessions',
  {
    id: uuid().primaryKey(),
    user_id: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    amr: jsonb().$type<AmrEntry[]>().notNull().default([]),
    user_agent: text(),
    ip: text(),
    refreshed_at: ts(),
    created_at: ts().notNull().defaultNow(),
    updated_at: ts().notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id)],
);

export const authRefreshTokens = localAuthSchema.table(
  'refresh_tokens',
  {
    /** Random; the token itself is derived from it with a server-side key (tokens.ts), so it can be re-sent. */
    id: uuid().primaryKey(),
    token_hash: text().notNull(),
    session_id: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    user_id: uuid().notNull(),
    /** The token this one was swapped for; null for the first token of a session. */
    parent: uuid(),
    revoked: boolean().notNull().default(false),
    created_at: ts().notNull().defaultNow(),
    /** Set when revoked: the start of the reuse interval. */
    updated_at: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.token_hash),
    index('refresh_tokens_session_id_revoked_idx').on(t.session_id, t.revoked),
  ],
);

const LINK_TOKEN_TYPES = ['signup', 'invite', 'recovery', 'magiclink'] as const;
/** The kinds of e-mail link. */
export type OneTimeTokenType = (typeof LINK_TOKEN_TYPES)[number];
/** Links, plus the reauthentication nonce (a mailed code without a link, reauthentication.ts). */
const ONE_TIME_TOKEN_TYPES = [...LINK_TOKEN_TYPES, 'reauthentication'] as const;

/** E-mail links (and the six-digit code printed beside them). One live token per user and type. */
export const authOneTimeTokens = localAuthSchema.table(
  'one_time_tokens',
  {
    id: uuid().primaryKey(),
    user_id: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    type: text({ enum: ONE_TIME_TOKEN_TYPES }).notNull(),
    /** SHA-256 of the link token. */
    token_hash: text().notNull(),
    /** SHA-256 of the e-mail address and the six-digit code. */
    otp_hash: text().notNull(),
    email: text().notNull(),
    /** PKCE: the flow whose auth code the link issues instead of a session. */
    flow_state_id: uuid(),
    created_at: ts().notNull().defaultNow(),
    expires_at: ts().notNull(),
    used_at: ts(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_token_hash_key').on(t.token_hash),
    index('one_time_tokens_user_id_type_idx').on(t.user_id, t.type),
    check('one_time_tokens_type_check', oneOf(t.type, ONE_TIME_TOKEN_TYPES)),
  ],
);

/** PKCE (RFC 7636) state of an e-mail flow started with a code challenge. */
export const authFlowState = localAuthSchema.table(
  'flow_state',
  {
    id: uuid().primaryKey(),
    user_id: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** SHA-256 of the auth code; null until the e-mail link was used. */
    auth_code_hash: text(),
    code_challenge: text().notNull(),
    code_challenge_method: text({ enum: ['s256', 'plain'] }).notNull(),
    /** signup, invite, recovery, magiclink: what the link that completes the flow was for. */
    authentication_method: text().notNull(),
    created_at: ts().notNull().defaultNow(),
    auth_code_issued_at: ts(),
  },
  (t) => [
    uniqueIndex('flow_state_auth_code_hash_key').on(t.auth_code_hash),
    check('flow_state_code_challenge_method_check', oneOf(t.code_challenge_method, ['s256', 'plain'])),
  ],
);
