import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  API_VERSION_2024,
  API_VERSION_HEADER,
  authError,
  badRequest,
  isLocalAuthError,
  MESSAGES,
  sendAuthError,
} from './errors';
import type { LocalAuthService, MailGuard, RequestMeta } from './service';
import { toUserJson } from './users';

// The HTTP face of the built-in GoTrue at /auth/v1: GoTrue's paths, request and response shapes, error
// bodies and rate limits, so that @supabase/supabase-js works against it unchanged. This context has its
// own error handler and JSON parser; the app's /api error shape never applies here.

export interface LocalAuthRoutesOptions {
  service: LocalAuthService;
}

// ─── request bodies ───────────────────────────────────────────────────────────────────────────────────────
// Loose on purpose: unknown fields (gotrue_meta_security, captcha …) are ignored and null means absent, as
// Go's JSON decoding into GoTrue's param structs does. A wrong type is GoTrue's 400 bad_json.

const str = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
const bool = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);
const metadata = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => v ?? undefined);
const pkce = { code_challenge: str, code_challenge_method: str };

const ZSignup = z.object({ email: str, phone: str, password: str, data: metadata, ...pkce });
const ZPasswordGrant = z.object({ email: str, phone: str, password: str });
const ZRefreshGrant = z.object({ refresh_token: str });
const ZPkceGrant = z.object({ auth_code: str, code_verifier: str });
const ZVerify = z.object({ type: str, token: str, token_hash: str, email: str, phone: str });
const ZResend = z.object({ type: str, email: str, phone: str, ...pkce });
const ZRecover = z.object({ email: str, ...pkce });
const ZOtp = z.object({ email: str, phone: str, create_user: bool, data: metadata, ...pkce });
const ZUpdateUser = z.object({ email: str, phone: str, password: str, data: metadata });
const ZAdminUser = z.object({
  email: str,
  phone: str,
  password: str,
  email_confirm: bool,
  user_metadata: metadata,
  app_metadata: metadata,
  ban_duration: str,
});
const ZAdminDelete = z.object({ should_soft_delete: bool });
const ZGenerateLink = z.object({ type: str, email: str, password: str, data: metadata, redirect_to: str });
const ZInvite = z.object({ email: str, data: metadata });

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw badRequest(
    'bad_json',
    `Could not parse request body as JSON: ${where}${issue?.message ?? 'invalid'}`,
  );
}

function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : Array.isArray(v) ? String(v[0]) : undefined,
    ]),
  );
}

function metaOf(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}

// ─── rate limits (GoTrue's defaults, per IP) ──────────────────────────────────────────────────────────────

/** Route config with its own limit. The global allow list skips non-/api paths, so it is replaced. */
function limited(max: number, timeWindow: string): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max,
      timeWindow,
      allowList: () => false,
      errorResponseBuilder: () => authError(429, 'over_request_rate_limit', MESSAGES.rateLimit),
    },
  };
}

const LIMITS = {
  token: limited(150, '5 minutes'),
  verify: limited(30, '5 minutes'),
  /** /signup, /recover, /resend, /otp each. */
  mail: limited(30, '5 minutes'),
  /** Everything else (user, logout, settings, admin): the generous app-wide rate. */
  other: (max: number) => limited(max, '1 minute'),
};

/** Mails a single IP may cause per hour (GoTrue: GOTRUE_RATE_LIMIT_EMAIL_SENT). */
export const MAILS_PER_HOUR = 30;

export default async function localAuthRoutes(app: FastifyInstance, { service }: LocalAuthRoutesOptions) {
  const other = LIMITS.other(app.config.RATE_LIMIT_MAX);
  const hidden = { hide: true };

  const mailLimiter = app.createRateLimit({
    max: MAILS_PER_HOUR,
    timeWindow: '1 hour',
    allowList: () => false,
    keyGenerator: (request) => `mail:${request.ip}`,
  });
  const mailGuard =
    (request: FastifyRequest): MailGuard =>
    async () => {
      const result = await mailLimiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw authError(429, 'over_email_send_rate_limit', MESSAGES.emailRateLimit);
      }
    };

  // supabase-js sends `Content-Type: application/json` with an empty body on POST /logout; GoTrue also reads
  // form posts on /token. Parsers are scoped to this plugin.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!text.trim()) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(
        badRequest('bad_json', `Could not parse request body as JSON: ${(err as Error).message}`),
        undefined,
      );
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );

  app.addHook('onSend', async (_request, reply) => {
    reply.header(API_VERSION_HEADER, API_VERSION_2024);
    reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (isLocalAuthError(err)) {
      request.log.info({ code: err.code, status: err.status }, 'auth request rejected');
      return sendAuthError(reply, err);
    }
    const status = (err as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const code = (err as FastifyError).code;
      const mapped =
        code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? badRequest('bad_json', 'Could not parse request body as JSON')
          : authError(status, 'validation_failed', err.message);
      request.log.info({ code: mapped.code, status }, 'auth request rejected');
      return sendAuthError(reply, mapped);
    }
    request.log.error({ err }, 'auth request failed');
    return sendAuthError(reply, authError(500, 'unexpected_failure', MESSAGES.unexpected));
  });

  // ─── public ─────────────────────────────────────────────────────────────────────────────────────────────

  app.get('/health', { schema: hidden, config: other }, () => ({
    version: 'local',
    name: 'GoTrue',
    description: 'Built-in GoTrue-compatible auth of Klassenzimmer',
  }));

  app.get('/settings', { schema: hidden, config: other }, () => ({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  // HS256 only: no public keys. supabase-js' getClaims() then falls back to GET /user.
  app.get('/.well-known/jwks.json', { schema: hidden, config: other }, () => ({ keys: [] }));

  app.post('/signup', { schema: hidden, config: LIMITS.mail }, async (request) =>
    service.signup(parse(ZSignup, request.body), queryOf(request).redirect_to, mailGuard(request)),
  );

  app.post('/token', { schema: hidden, config: LIMITS.token }, async (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    const grantType =
      queryOf(request).grant_type ?? (typeof body?.grant_type === 'string' ? body.grant_type : '');
    const meta = metaOf(request);
    switch (grantType) {
      case 'password':
        return service.passwordGrant(parse(ZPasswordGrant, body), meta);
      case 'refresh_token':
        return service.refreshGrant(parse(ZRefreshGrant, body).refresh_token, meta);
      case 'pkce':
        return service.pkceGrant(parse(ZPkceGrant, body), meta);
      default:
        throw badRequest('validation_failed', 'unsupported_grant_type');
    }
  });

  // No HEAD route: a link scanner's HEAD request must not use up the link.
  app.get(
    '/verify',
    { schema: hidden, config: LIMITS.verify, exposeHeadRoute: false },
    async (request, reply) => {
      const location = await service.verifyLink(queryOf(request), metaOf(request));
      return reply.redirect(location, 303);
    },
  );

  app.post('/verify', { schema: hidden, config: LIMITS.verify }, async (request) =>
    service.verifyOtp(parse(ZVerify, request.body), metaOf(request)),
  );

  app.post('/resend', { schema: hidden, config: LIMITS.mail }, async (request) =>
    service.resend(parse(ZResend, request.body), queryOf(request).redirect_to, mailGuard(request)),
  );

  app.post('/recover', { schema: hidden, config: LIMITS.mail }, async (request) =>
    service.recover(parse(ZRecover, request.body), queryOf(request).redirect_to, mailGuard(request)),
  );

  app.post('/otp', { schema: hidden, config: LIMITS.mail }, async (request) =>
    service.otp(parse(ZOtp, request.body), queryOf(request).redirect_to, mailGuard(request)),
  );

  // ─── the signed-in user ─────────────────────────────────────────────────────────────────────────────────

  app.get('/user', { schema: hidden, config: other }, async (request) => {
    const ctx = await service.authenticate(request.headers.authorization);
    return toUserJson(ctx.user);
  });

  app.put('/user', { schema: hidden, config: other }, async (request) => {
    const ctx = await service.authenticate(request.headers.authorization);
    return service.updateUser(ctx, parse(ZUpdateUser, request.body));
  });

  app.post('/logout', { schema: hidden, config: other }, async (request, reply) => {
    const ctx = await service.authenticate(request.headers.authorization);
    await service.logout(ctx, queryOf(request).scope);
    return reply.code(204).send();
  });

  // ─── admin (service-role token) ─────────────────────────────────────────────────────────────────────────

  const admin = { schema: hidden, config: other };
  const requireAdmin = (request: FastifyRequest) => service.requireAdmin(request.headers.authorization);

  app.get('/admin/users', admin, async (request, reply) => {
    await requireAdmin(request);
    const query = queryOf(request);
    const page = positiveInt(query.page, 1);
    const perPage = Math.min(positiveInt(query.per_page, 50), 1000);
    const { users, total } = await service.listUsers(page, perPage);
    const last = Math.max(1, Math.ceil(total / perPage));
    const link = (p: number) =>
      `<${app.config.PUBLIC_URL}/auth/v1/admin/users?page=${p}&per_page=${perPage}>`;
    const links = [...(page < last ? [`${link(page + 1)}; rel="next"`] : []), `${link(last)}; rel="last"`];
    reply.header('x-total-count', String(total));
    reply.header('link', links.join(', '));
    return { users, aud: 'authenticated' };
  });

  app.post('/admin/users', admin, async (request) => {
    await requireAdmin(request);
    return toUserJson(await service.adminCreateUser(parse(ZAdminUser, request.body)));
  });

  app.get('/admin/users/:id', admin, async (request) => {
    await requireAdmin(request);
    return toUserJson(await service.getUser((request.params as { id: string }).id));
  });

  app.put('/admin/users/:id', admin, async (request) => {
    await requireAdmin(request);
    const id = (request.params as { id: string }).id;
    return toUserJson(await service.adminUpdateUser(id, parse(ZAdminUser, request.body)));
  });

  app.delete('/admin/users/:id', admin, async (request) => {
    await requireAdmin(request);
    const { should_soft_delete: soft } = parse(ZAdminDelete, request.body);
    await service.adminDeleteUser((request.params as { id: string }).id, soft === true);
    return {};
  });

  app.post('/admin/generate_link', admin, async (request) => {
    await requireAdmin(request);
    const body = parse(ZGenerateLink, request.body);
    return service.generateLink(body, queryOf(request).redirect_to ?? body.redirect_to);
  });

  app.post('/invite', admin, async (request) => {
    await requireAdmin(request);
    return service.invite(parse(ZInvite, request.body), queryOf(request).redirect_to);
  });
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
