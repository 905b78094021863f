import { and, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { grantRole } from '../auth/roles';
import type { Database, Executor } from '../db/client';
import { isPgError, PgErrorCode } from '../db/errors';
import { userRoles } from '../db/schema/users';
import type { Env } from '../env';
import type { Mailer } from '../plugins/app/mailer';
import {
  authError,
  badRequest,
  forbidden,
  LocalAuthError,
  MESSAGES,
  notFound,
  unprocessable,
} from './errors';
import { authMail } from './mails';
import { assertStrongPassword, checkPasswordStrength, hashPassword, verifyPassword } from './password';
import {
  authFlowState,
  authOneTimeTokens,
  authRefreshTokens,
  authSessions,
  authUsers,
  type AmrEntry,
  type OneTimeTokenType,
} from './schema';
import {
  issuer,
  jwtSecret,
  randomOtp,
  randomToken,
  refreshTokenDeriver,
  sha256,
  signAccessToken,
  verifyJwt,
} from './tokens';
import {
  appMetadata,
  findUserByEmail,
  findUserById,
  isBanned,
  isUuid,
  normalizeEmail,
  roleClaim,
  toUserJson,
  type UserJson,
  type UserRow,
} from './users';

// The built-in GoTrue: every operation of /auth/v1 as a function over the database, independent of HTTP
// (routes.ts parses requests and renders results; admin.ts serves the app's AuthAdmin from the same code).

/** GoTrue's GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL default. */
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000;
/** GoTrue's GOTRUE_SMTP_MAX_FREQUENCY default: one mail of a kind per user per minute. */
export const MAIL_MIN_INTERVAL_MS = 60_000;
/** How long an auth code issued by an e-mail link may wait for its exchange (GoTrue: 5 min). */
export const FLOW_STATE_LIFETIME_MS = 5 * 60_000;
/** How long e-mail links and codes stay valid. */
export const LINK_LIFETIME_MS: Record<OneTimeTokenType, number> = {
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

const VERIFY_TYPES = {
  signup: ['signup'],
  invite: ['invite'],
  recovery: ['recovery'],
  magiclink: ['magiclink'],
  // GoTrue's `email` type covers every link that confirms an address or signs in.
  email: ['signup', 'invite', 'magiclink'],
} as const satisfies Record<string, readonly OneTimeTokenType[]>;
export type VerifyType = keyof typeof VERIFY_TYPES;

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

type RefreshOutcome =
  { kind: 'session'; session: SessionResponse } | { kind: 'reused'; sessionId: string } | { kind: 'retry' };

type LinkOutcome = { kind: 'session'; session: SessionResponse } | { kind: 'code'; code: string };

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

/** Called before each mail a request would send; throws to refuse it (the per-IP mail limit). */
export type MailGuard = () => Promise<void>;

export interface PkceParams {
  code_challenge?: string;
  code_challenge_method?: string;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: { reasons: string[]; message: string };
}

export interface AuthContext {
  user: UserRow;
  /** From the token's session_id claim. */
  sessionId: string | null;
}

export interface LocalAuthServiceOptions {
  db: Database;
  config: Env;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The clock; tests may replace it. */
  now?: () => Date;
}

type UserPatch = Partial<typeof authUsers.$inferInsert>;

export class LocalAuthService {
  readonly secret: Uint8Array;
  private readonly db: Database;
  private readonly config: Env;
  private readonly mailer: Mailer;
  private readonly log: FastifyBaseLogger;
  private readonly clock: () => Date;
  private readonly refreshTokenFor: (id: string) => string;

  constructor(options: LocalAuthServiceOptions) {
    this.db = options.db;
    this.config = options.config;
    this.mailer = options.mailer;
    this.log = options.log;
    this.clock = options.now ?? (() => new Date());
    this.secret = jwtSecret(options.config);
    this.refreshTokenFor = refreshTokenDeriver(this.secret);
  }

  now(): Date {
    return this.clock();
  }

  /** The database handle (AuthAdmin reads users directly). */
  get database(): Database {
    return this.db;
  }

  // ─── sign-up and sign-in ────────────────────────────────────────────────────────────────────────────────

  /** POST /signup. Confirmation is always required: answers the user without a session and mails the link. */
  async signup(
    body: { email?: string; phone?: string; password?: string; data?: Record<string, unknown> } & PkceParams,
    redirectTo: string | undefined,
    guard?: MailGuard,
  ): Promise<UserJson> {
    if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    if (!body.email) throw badRequest('validation_failed', 'To signup, please provide your email');
    const email = this.validEmail(body.email);
    if (!body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
    assertStrongPassword(body.password);
    const pkce = this.pkceParams(body);
    const data = body.data ?? {};

    let user = await findUserByEmail(this.db, email);
    if (user?.email_confirmed_at) {
      // GoTrue answers a confirmed address with a look-alike user and sends nothing: no enumeration.
      return this.obfuscatedUser(email, data);
    }
    // An unconfirmed user is not changed (we cannot know who claims the address); the link is sent again.
    user ??= await this.insertUser(this.db, {
      email,
      encrypted_password: await hashPassword(body.password),
      raw_user_meta_data: data,
    });
    user = await this.sendLinkMail(user, 'signup', redirectTo, { guard, pkce });
    return toUserJson(user);
  }

  /** POST /token?grant_type=password */
  async passwordGrant(
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
    const user = await findUserByEmail(this.db, body.email);
    const ok = await verifyPassword(body.password ?? '', user?.encrypted_password);
    if (!user || !ok) throw badRequest('invalid_credentials', MESSAGES.invalidLogin);
    if (isBanned(user, this.now())) throw badRequest('user_banned', 'User is banned');
    if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', MESSAGES.emailNotConfirmed);
    const session = await this.db.transaction((tx) => this.startSession(tx, user, 'password', meta));
    // Like GoTrue: a password that no longer meets the rules signs in, but the client learns it is weak.
    const weak = checkPasswordStrength(body.password ?? '');
    return weak ? { ...session, weak_password: weak } : session;
  }

  /**
   * POST /token?grant_type=refresh_token. Tokens are single-use: each refresh revokes the token and issues
   * its child. A revoked token presented again within the reuse interval gets the session's current token
   * (a client that lost the response); later, it is treated as stolen and the whole session ends.
   */
  async refreshGrant(refreshToken: string | undefined, meta: RequestMeta): Promise<SessionResponse> {
    if (!refreshToken) throw badRequest('validation_failed', 'refresh_token required');
    const hash = sha256(refreshToken);
    for (let attempt = 0; attempt < 5; attempt++) {
      const outcome = await this.db.transaction(async (tx): Promise<RefreshOutcome> => {
        const [row] = await tx
          .select({ token: authRefreshTokens, session: authSessions, user: authUsers })
          .from(authRefreshTokens)
          .innerJoin(authSessions, eq(authSessions.id, authRefreshTokens.session_id))
          .innerJoin(authUsers, eq(authUsers.id, authRefreshTokens.user_id))
          .where(eq(authRefreshTokens.token_hash, hash))
          .limit(1);
        if (!row || row.user.deleted_at) {
          throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        }
        const now = this.now();
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
          issued = this.refreshTokenFor(active.id);
        } else {
          const swapped = await tx
            .update(authRefreshTokens)
            .set({ revoked: true, updated_at: now })
            .where(and(eq(authRefreshTokens.id, row.token.id), eq(authRefreshTokens.revoked, false)))
            .returning({ id: authRefreshTokens.id });
          // Refreshed concurrently: look again, now it is a revoked token within the reuse interval.
          if (!swapped.length) return { kind: 'retry' };
          issued = await this.insertRefreshToken(tx, row.session.id, row.user.id, row.token.id, now);
        }
        await tx
          .update(authSessions)
          .set({ refreshed_at: now, updated_at: now, ...this.sessionMeta(meta) })
          .where(eq(authSessions.id, row.session.id));
        const session = await this.sessionResponse(
          tx,
          row.user,
          row.session.id,
          row.session.amr,
          issued,
          now,
        );
        return { kind: 'session', session };
      });
      if (outcome.kind === 'session') return outcome.session;
      if (outcome.kind === 'reused') {
        await this.db.delete(authSessions).where(eq(authSessions.id, outcome.sessionId));
        this.log.warn({ sessionId: outcome.sessionId }, 'Refresh-Token wiederverwendet: Sitzung beendet');
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
  async pkceGrant(
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
    return this.db.transaction(async (tx) => {
      const [flow] = await tx
        .select()
        .from(authFlowState)
        .where(eq(authFlowState.auth_code_hash, sha256(code)))
        .limit(1);
      if (!flow) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
      const now = this.now();
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
      return this.startSession(tx, user, amrMethod(flow.authentication_method), meta);
    });
  }

  // ─── e-mail links ───────────────────────────────────────────────────────────────────────────────────────

  /**
   * GET /verify (the link in a mail): redeems the token and answers with where to redirect: `redirect_to`
   * with the session in the fragment, `?code=` for PKCE links, or GoTrue's error parameters
   * (`error=access_denied&error_code=otp_expired…`) when the link was used, expired or never existed.
   */
  async verifyLink(
    query: { token?: string; type?: string; redirect_to?: string },
    meta: RequestMeta,
  ): Promise<string> {
    const type = query.type;
    const target = this.redirectUrl(
      query.redirect_to,
      DEFAULT_REDIRECT_PATHS[!isVerifyType(type) || type === 'email' ? 'signup' : type],
    );
    let token = query.token ?? '';
    const pkce = token.startsWith('pkce_');
    if (pkce) token = token.slice('pkce_'.length);
    try {
      if (!token) throw badRequest('validation_failed', 'Verify requires a token');
      if (!isVerifyType(type)) throw badRequest('validation_failed', 'Unsupported verification type');
      const result = await this.db.transaction(async (tx): Promise<LinkOutcome> => {
        const now = this.now();
        const redeemed = await this.redeem(tx, eq(authOneTimeTokens.token_hash, sha256(token)), type, now);
        if (!pkce) {
          return {
            kind: 'session',
            session: await this.startSession(tx, redeemed.user, amrMethod(type), meta),
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
      this.log.info({ code: err.code }, 'E-Mail-Link abgelehnt');
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
  async verifyOtp(
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
      const email = this.validEmail(body.email);
      where = and(
        eq(authOneTimeTokens.email, email),
        eq(authOneTimeTokens.otp_hash, otpHash(email, body.token.replaceAll('-', '').trim())),
      );
    } else if (body.phone) {
      throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    } else {
      throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
    }
    return this.db.transaction(async (tx) => {
      const now = this.now();
      const redeemed = await this.redeem(tx, where, type, now, MESSAGES.otpInvalid);
      return this.startSession(tx, redeemed.user, amrMethod(type), meta);
    });
  }

  /** POST /resend (type signup): sends the confirmation link again. Unknown or confirmed address: `{}`. */
  async resend(
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
    const email = this.validEmail(body.email);
    const pkce = this.pkceParams(body);
    // No e-mail change is ever pending here: nothing to resend.
    if (body.type === 'email_change') return {};
    const user = await findUserByEmail(this.db, email);
    if (!user || user.email_confirmed_at || isBanned(user, this.now())) return {};
    await this.sendLinkMail(user, 'signup', redirectTo, { guard, pkce });
    return {};
  }

  /** POST /recover: mails a recovery link; answers `{}` whether or not the address is known. */
  async recover(
    body: { email?: string } & PkceParams,
    redirectTo: string | undefined,
    guard?: MailGuard,
  ): Promise<Record<string, never>> {
    if (!body.email) throw badRequest('validation_failed', 'Password recovery requires an email');
    const email = this.validEmail(body.email);
    const pkce = this.pkceParams(body);
    const user = await findUserByEmail(this.db, email);
    if (!user || isBanned(user, this.now())) return {};
    await this.sendLinkMail(user, 'recovery', redirectTo, { guard, pkce });
    return {};
  }

  /**
   * POST /otp: a magic link. A new address is signed up first when `create_user` is not false, and an
   * unconfirmed one gets the confirmation link (which signs in as well). Unknown address and
   * `create_user: false`: `{}` without a mail, like an unknown address on /recover.
   */
  async otp(
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
    const email = this.validEmail(body.email);
    const pkce = this.pkceParams(body);
    let user = await findUserByEmail(this.db, email);
    if (!user) {
      if (body.create_user === false) return {};
      user = await this.insertUser(this.db, { email, raw_user_meta_data: body.data ?? {} });
    }
    if (isBanned(user, this.now())) return {};
    await this.sendLinkMail(user, user.email_confirmed_at ? 'magiclink' : 'signup', redirectTo, {
      guard,
      pkce,
    });
    return {};
  }

  // ─── the signed-in user ─────────────────────────────────────────────────────────────────────────────────

  /** Checks a user's Bearer token as GoTrue's requireAuthentication does. */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    const claims = await this.verifyBearer(authorization);
    if (typeof claims.sub !== 'string' || !claims.sub) {
      throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
    }
    const user = await findUserById(this.db, claims.sub);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
    if (sessionId) {
      const [session] = isUuid(sessionId)
        ? await this.db
            .select({ id: authSessions.id })
            .from(authSessions)
            .where(and(eq(authSessions.id, sessionId), eq(authSessions.user_id, user.id)))
            .limit(1)
        : [];
      if (!session)
        throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, sessionId };
  }

  /** Checks a service-role Bearer token (admin API). */
  async requireAdmin(authorization: string | undefined): Promise<void> {
    const claims = await this.verifyBearer(authorization);
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
      throw forbidden('not_admin', 'User not allowed');
    }
  }

  /**
   * PUT /user: merges `data` into user_metadata (a null value removes the key) and changes the password of
   * the signed-in user without a nonce. Same password → 422 same_password; other sessions end on a change.
   */
  async updateUser(
    ctx: AuthContext,
    body: { email?: string; phone?: string; password?: string; data?: Record<string, unknown> },
  ): Promise<UserJson> {
    const { user } = ctx;
    if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    if (body.email !== undefined && normalizeEmail(body.email) !== user.email) {
      throw unprocessable('validation_failed', 'Changing the email address is not supported');
    }
    const patch: UserPatch = {};
    if (body.password !== undefined) {
      assertStrongPassword(body.password);
      if (user.encrypted_password && (await verifyPassword(body.password, user.encrypted_password))) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      patch.encrypted_password = await hashPassword(body.password);
    }
    if (body.data) patch.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, body.data);
    if (!Object.keys(patch).length) return toUserJson(user);
    const updated = await this.db.transaction(async (tx) => {
      const row = await this.updateUserRow(tx, user.id, patch);
      if (patch.encrypted_password) {
        await tx
          .delete(authSessions)
          .where(
            ctx.sessionId
              ? and(eq(authSessions.user_id, user.id), ne(authSessions.id, ctx.sessionId))
              : eq(authSessions.user_id, user.id),
          );
      }
      return row;
    });
    return toUserJson(updated);
  }

  /** POST /logout?scope=global|local|others */
  async logout(ctx: AuthContext, scope: string | undefined): Promise<void> {
    const s = scope ?? 'global';
    if (s !== 'global' && s !== 'local' && s !== 'others') {
      throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(s)}`);
    }
    const mine = eq(authSessions.user_id, ctx.user.id);
    if (s === 'global' || !ctx.sessionId) {
      if (s !== 'others') await this.db.delete(authSessions).where(mine);
      return;
    }
    const current = eq(authSessions.id, ctx.sessionId);
    await this.db
      .delete(authSessions)
      .where(s === 'local' ? and(mine, current) : and(mine, ne(authSessions.id, ctx.sessionId)));
  }

  // ─── admin API ──────────────────────────────────────────────────────────────────────────────────────────

  async listUsers(page: number, perPage: number): Promise<{ users: UserJson[]; total: number }> {
    const live = isNull(authUsers.deleted_at);
    const [{ total } = { total: 0 }] = await this.db.select({ total: count() }).from(authUsers).where(live);
    const rows = await this.db
      .select()
      .from(authUsers)
      .where(live)
      .orderBy(desc(authUsers.created_at), desc(authUsers.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { users: rows.map(toUserJson), total };
  }

  /** Every live user, oldest first (AuthAdmin.listUsers). */
  async allUsers(): Promise<UserRow[]> {
    return this.db.select().from(authUsers).where(isNull(authUsers.deleted_at)).orderBy(authUsers.created_at);
  }

  async getUser(id: string): Promise<UserRow> {
    const user = await findUserById(this.db, id);
    if (!user) throw notFound('user_not_found', MESSAGES.userNotFound);
    return user;
  }

  /** POST /admin/users. `email_confirm: true` creates a confirmed user (no mail, no AUTO_ROLE). */
  async adminCreateUser(body: {
    email?: string;
    phone?: string;
    password?: string;
    email_confirm?: boolean;
    user_metadata?: Record<string, unknown>;
    app_metadata?: Record<string, unknown>;
    ban_duration?: string;
  }): Promise<UserRow> {
    if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    if (!body.email)
      throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
    const email = this.validEmail(body.email);
    if (body.password !== undefined) assertStrongPassword(body.password);
    if (await findUserByEmail(this.db, email)) throw unprocessable('email_exists', MESSAGES.emailExists);
    const now = this.now();
    return this.insertUser(this.db, {
      email,
      encrypted_password: body.password ? await hashPassword(body.password) : null,
      email_confirmed_at: body.email_confirm ? now : null,
      raw_user_meta_data: body.user_metadata ?? {},
      raw_app_meta_data: body.app_metadata ?? {},
      banned_until: this.banUntil(body.ban_duration, now),
    });
  }

  /** PUT /admin/users/{id}. A new password or a ban ends the user's sessions. */
  async adminUpdateUser(
    id: string,
    body: {
      email?: string;
      password?: string;
      email_confirm?: boolean;
      user_metadata?: Record<string, unknown>;
      app_metadata?: Record<string, unknown>;
      ban_duration?: string;
    },
  ): Promise<UserRow> {
    const user = await this.getUser(id);
    const now = this.now();
    const patch: UserPatch = {};
    if (body.email !== undefined) {
      const email = this.validEmail(body.email);
      if (email !== user.email) {
        if (await findUserByEmail(this.db, email)) throw unprocessable('email_exists', MESSAGES.emailExists);
        patch.email = email;
      }
    }
    if (body.password !== undefined) {
      assertStrongPassword(body.password);
      patch.encrypted_password = await hashPassword(body.password);
    }
    if (body.email_confirm === true && !user.email_confirmed_at) patch.email_confirmed_at = now;
    if (body.email_confirm === false) patch.email_confirmed_at = null;
    if (body.user_metadata)
      patch.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, body.user_metadata);
    if (body.app_metadata) patch.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, body.app_metadata);
    if (body.ban_duration !== undefined) patch.banned_until = this.banUntil(body.ban_duration, now);
    if (!Object.keys(patch).length) return user;
    return this.db.transaction(async (tx) => {
      const row = await this.updateUserRow(tx, user.id, patch);
      if (patch.encrypted_password || (row.banned_until && row.banned_until > now)) {
        await tx.delete(authSessions).where(eq(authSessions.user_id, user.id));
      }
      return row;
    });
  }

  /**
   * DELETE /admin/users/{id}. Removes the user's roles too (public.user_roles has no FK to these tables).
   * Soft delete keeps an anonymised row (address replaced, password and metadata cleared, sessions ended).
   */
  async adminDeleteUser(id: string, soft: boolean): Promise<void> {
    const user = await this.getUser(id);
    await this.db.transaction(async (tx) => {
      await tx.delete(userRoles).where(eq(userRoles.user_id, user.id));
      if (!soft) {
        await tx.delete(authUsers).where(eq(authUsers.id, user.id));
        return;
      }
      await tx.delete(authSessions).where(eq(authSessions.user_id, user.id));
      await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.user_id, user.id));
      await tx.delete(authFlowState).where(eq(authFlowState.user_id, user.id));
      await this.updateUserRow(tx, user.id, {
        email: `${sha256(`${user.id}:${user.email}`).slice(0, 32)}@deleted.invalid`,
        encrypted_password: null,
        raw_user_meta_data: {},
        deleted_at: this.now(),
      });
    });
  }

  /**
   * POST /admin/generate_link: the link (and code) a mail would carry, without sending it. `signup` and
   * `invite` create the user when needed; `magiclink` and `recovery` need an existing one.
   */
  async generateLink(
    body: { type?: string; email?: string; password?: string; data?: Record<string, unknown> },
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
    if (type !== 'signup' && type !== 'invite' && type !== 'magiclink' && type !== 'recovery') {
      throw badRequest('validation_failed', `Invalid email action link type requested: ${String(type)}`);
    }
    if (!body.email)
      throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
    const email = this.validEmail(body.email);
    let user = await findUserByEmail(this.db, email);
    if (type === 'signup' || type === 'invite') {
      if (user?.email_confirmed_at) throw unprocessable('email_exists', MESSAGES.emailExists);
      if (type === 'signup') {
        if (!body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
        assertStrongPassword(body.password);
      }
      user ??= await this.insertUser(this.db, {
        email,
        encrypted_password: body.password ? await hashPassword(body.password) : null,
        raw_user_meta_data: body.data ?? {},
        invited_at: type === 'invite' ? this.now() : null,
      });
    }
    if (!user) throw notFound('user_not_found', 'User with this email not found');
    const target = this.redirectUrl(redirectTo, DEFAULT_REDIRECT_PATHS[type]);
    const now = this.now();
    const u = user;
    const { token, otp } = await this.db.transaction((tx) => this.issueLinkToken(tx, u, type, now, null));
    return {
      ...toUserJson(user),
      action_link: this.linkUrl(type, token, target, false),
      email_otp: otp,
      hashed_token: token,
      redirect_to: target,
      verification_type: type,
    };
  }

  /** POST /invite: creates the user (or re-invites an unconfirmed one) and mails the invitation. */
  async invite(
    body: { email?: string; data?: Record<string, unknown> },
    redirectTo: string | undefined,
    guard?: MailGuard,
  ): Promise<UserJson> {
    if (!body.email)
      throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
    const email = this.validEmail(body.email);
    let user = await findUserByEmail(this.db, email);
    if (user?.email_confirmed_at) throw unprocessable('email_exists', MESSAGES.emailExists);
    user ??= await this.insertUser(this.db, {
      email,
      raw_user_meta_data: body.data ?? {},
      invited_at: this.now(),
    });
    return toUserJson(await this.sendLinkMail(user, 'invite', redirectTo, { guard }));
  }

  /** A fresh session for a user, without a password (the demo login). */
  async issueSessionForUser(userId: string, meta: RequestMeta = {}): Promise<SessionResponse> {
    const user = await this.getUser(userId);
    return this.db.transaction((tx) => this.startSession(tx, user, 'password', meta));
  }

  // ─── internals ──────────────────────────────────────────────────────────────────────────────────────────

  private async verifyBearer(authorization: string | undefined): Promise<Record<string, unknown>> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    try {
      return await verifyJwt(this.secret, match[1]);
    } catch (err) {
      const reason = err instanceof Error ? err.message : 'invalid token';
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
  }

  private validEmail(value: string): string {
    const email = normalizeEmail(value);
    if (!email) throw badRequest('email_address_invalid', 'Unable to validate email address: invalid format');
    return email;
  }

  private pkceParams(body: PkceParams): PkceParams | undefined {
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

  /** `redirect_to` when it points into this app (PUBLIC_URL's origin), else the page for this link. */
  redirectUrl(requested: string | undefined, fallbackPath: string): string {
    const base = new URL(this.config.PUBLIC_URL);
    if (requested) {
      try {
        const url = new URL(requested, base);
        if (url.origin === base.origin) return url.toString();
      } catch {
        // not a URL: use the default
      }
    }
    return `${this.config.PUBLIC_URL}${fallbackPath}`;
  }

  private linkUrl(type: OneTimeTokenType, token: string, redirectTo: string, pkce: boolean): string {
    const params = new URLSearchParams({
      token: pkce ? `pkce_${token}` : token,
      type,
      redirect_to: redirectTo,
    });
    return `${this.config.PUBLIC_URL}/auth/v1/verify?${params.toString()}`;
  }

  private banUntil(duration: string | undefined, now: Date): Date | null {
    if (duration === undefined || duration === 'none') return null;
    const ms = parseGoDuration(duration);
    if (ms === null) throw badRequest('validation_failed', `invalid format for ban duration: ${duration}`);
    return new Date(now.getTime() + ms);
  }

  private async insertUser(
    ex: Executor,
    values: Omit<typeof authUsers.$inferInsert, 'id'>,
  ): Promise<UserRow> {
    const now = this.now();
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

  private async updateUserRow(ex: Executor, id: string, patch: UserPatch): Promise<UserRow> {
    try {
      const [user] = await ex
        .update(authUsers)
        .set({ ...patch, updated_at: this.now() })
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

  private obfuscatedUser(email: string, data: Record<string, unknown>): UserJson {
    const now = this.now();
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

  /** One live link per user and type: issuing a new one invalidates the previous. */
  private async issueLinkToken(
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
  private async sendLinkMail(
    user: UserRow,
    type: OneTimeTokenType,
    redirectTo: string | undefined,
    options: { guard?: MailGuard | undefined; pkce?: PkceParams | undefined },
  ): Promise<UserRow> {
    const now = this.now();
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
    const target = this.redirectUrl(redirectTo, DEFAULT_REDIRECT_PATHS[type]);
    const { pkce } = options;
    const { token, otp } = await this.db.transaction(async (tx) => {
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
      return this.issueLinkToken(tx, user, type, now, flowStateId);
    });
    const link = this.linkUrl(type, token, target, usesPkce(pkce));
    await this.mailer.send(authMail(type, user.email, { link, otp, lifetimeMs: LINK_LIFETIME_MS[type] }));
    return this.updateUserRow(this.db, user.id, { [sentAtColumn]: now });
  }

  /**
   * Marks a one-time token used (exactly once, even under concurrency) and applies what the link stands
   * for: every link proves the address, so an unconfirmed user is confirmed (and gets AUTO_ROLE).
   */
  private async redeem(
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
      user = await this.updateUserRow(tx, user.id, { email_confirmed_at: now });
      if (this.config.AUTO_ROLE !== 'none') {
        await grantRole(tx, user.id, this.config.AUTO_ROLE, null);
      }
    }
    return { user, flowStateId: row.flow_state_id };
  }

  private sessionMeta(meta: RequestMeta): { user_agent: string | null; ip: string | null } {
    return { user_agent: meta.userAgent?.slice(0, 500) ?? null, ip: meta.ip ?? null };
  }

  private async startSession(
    tx: Executor,
    user: UserRow,
    method: string,
    meta: RequestMeta,
  ): Promise<SessionResponse> {
    const now = this.now();
    const sessionId = randomUUID();
    const amr: AmrEntry[] = [{ method, timestamp: Math.floor(now.getTime() / 1000) }];
    await tx.insert(authSessions).values({
      id: sessionId,
      user_id: user.id,
      amr,
      ...this.sessionMeta(meta),
      refreshed_at: now,
      created_at: now,
      updated_at: now,
    });
    const refreshToken = await this.insertRefreshToken(tx, sessionId, user.id, null, now);
    const [signedIn] = await tx
      .update(authUsers)
      .set({ last_sign_in_at: now })
      .where(eq(authUsers.id, user.id))
      .returning();
    return this.sessionResponse(tx, signedIn ?? user, sessionId, amr, refreshToken, now);
  }

  private async insertRefreshToken(
    tx: Executor,
    sessionId: string,
    userId: string,
    parent: string | null,
    now: Date,
  ): Promise<string> {
    const id = randomUUID();
    const token = this.refreshTokenFor(id);
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

  private async sessionResponse(
    ex: Executor,
    user: UserRow,
    sessionId: string,
    amr: AmrEntry[],
    refreshToken: string,
    now: Date,
  ): Promise<SessionResponse> {
    const role = await roleClaim(ex, user.id);
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresIn = this.config.JWT_EXPIRY;
    const accessToken = await signAccessToken(
      this.secret,
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
      { issuer: issuer(this.config), issuedAt, expiresIn },
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
}

function usesPkce(pkce: PkceParams | undefined): boolean {
  return !!(pkce?.code_challenge && pkce.code_challenge_method);
}

function otpHash(email: string, otp: string): string {
  return sha256(`${email.trim().toLowerCase()}:${otp}`);
}

/** The `amr` method of a session started by this kind of link or flow. */
function amrMethod(type: string): string {
  if (type === 'recovery') return 'recovery';
  if (type === 'invite') return 'invite';
  if (type === 'magiclink') return 'magiclink';
  return 'otp';
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
export function parseGoDuration(value: string): number | null {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)) return null;
  let ms = 0;
  for (const [, amount, , unit] of value.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    ms += Number(amount) * (GO_UNITS[unit ?? ''] ?? 0);
  }
  return ms;
}
