import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  adminCreateUser,
  adminDeleteUser,
  adminUpdateUser,
  generateLink,
  invite,
  listUsers,
} from './admin-users';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable, isPgError, PgErrorCode } from '../db/errors';
import { authenticate, requireAdmin } from './bearer';
import type { LocalAuth, MailGuard } from './context';
import { logout, updateUser } from './current-user';
import {
  API_VERSION_2024,
  API_VERSION_HEADER,
  authError,
  badRequest,
  isLocalAuthError,
  MESSAGES,
  notFound,
  sendAuthError,
} from './errors';
import { otp, recover, resend, signup } from './link-requests';
import {
  metaOf,
  parse,
  positiveInt,
  queryOf,
  ZAdminDelete,
  ZAdminUser,
  ZGenerateLink,
  ZInvite,
  ZOtp,
  ZPasswordGrant,
  ZPkceGrant,
  ZRecover,
  ZRefreshGrant,
  ZResend,
  ZSignup,
  ZUpdateUser,
  ZVerify,
} from './requests';
import { reauthenticate } from './reauthentication';
import { passwordGrant, pkceGrant, refreshGrant } from './token';
import { requireUser, toUserJson } from './users';
import { verifyLink, verifyOtp } from './verify';

// The HTTP face of the built-in GoTrue at /auth/v1: GoTrue's paths, request and response shapes, error
// bodies and rate limits, so that @supabase/supabase-js works against it unchanged. This context has its
// own error handler and JSON parser; the app's /api error shape never applies here.

export interface LocalAuthRoutesOptions {
  auth: LocalAuth;
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
const MAILS_PER_HOUR = 30;

export default async function localAuthRoutes(app: FastifyInstance, { auth }: LocalAuthRoutesOptions) {
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

  // Every path of this context answers in GoTrue's error shape: an unknown path 404 not_found, a known
  // path with another method 405 (GoTrue's router tells the two apart; Fastify's would answer 404). A
  // catch-all route rather than a not-found handler: in production the SPA's static wildcard would
  // otherwise take GET requests first. Being a route here, it reads bodies with this context's parsers.
  const routePatterns: RegExp[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const escaped = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
    routePatterns.push(new RegExp(`^${escaped}/?$`));
  });
  const unknownPath = async (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    throw routePatterns.some((pattern) => pattern.test(path))
      ? authError(405, 'method_not_allowed', 'Method Not Allowed')
      : notFound('not_found', 'Not Found');
  };
  app.all('/*', { schema: hidden, config: other }, unknownPath);
  app.all('/', { schema: hidden, config: other }, unknownPath);

  app.addHook('onSend', async (_request, reply) => {
    reply.header(API_VERSION_HEADER, API_VERSION_2024);
    reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (isLocalAuthError(err)) {
      request.log.info({ code: err.code, status: err.status }, 'auth request rejected');
      return sendAuthError(reply, err);
    }
    // A NUL reaches Postgres only as a text or jsonb value it refuses: the client's input, not our failure.
    if (
      isPgError(err, PgErrorCode.characterNotInRepertoire) ||
      isPgError(err, PgErrorCode.untranslatableCharacter)
    ) {
      request.log.info({ code: 'validation_failed', status: 400 }, 'auth request rejected');
      return sendAuthError(reply, badRequest('validation_failed', 'Text must not contain NUL characters'));
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
    // The database is down or restarting: 503 (supabase-js treats it as retryable), not a failure of ours.
    if (isDatabaseUnavailable(err)) {
      // The driver's message: drizzle's own names the query's parameters (e-mail addresses, hashes).
      const cause = err.cause instanceof Error ? err.cause : err;
      request.log.warn({ err: cause.message }, 'auth request: database unavailable');
      reply.header('retry-after', DATABASE_RETRY_AFTER_S);
      return sendAuthError(reply, authError(503, 'unexpected_failure', MESSAGES.unavailable));
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
    disable_signup: app.config.AUTH_DISABLE_SIGNUP,
    mailer_autoconfirm: app.config.AUTH_AUTOCONFIRM,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  // HS256 only: no public keys. supabase-js' getClaims() then falls back to GET /user.
  app.get('/.well-known/jwks.json', { schema: hidden, config: other }, () => ({ keys: [] }));

  app.post('/signup', { schema: hidden, config: LIMITS.mail }, async (request) =>
    signup(
      auth,
      parse(ZSignup, request.body),
      queryOf(request).redirect_to,
      mailGuard(request),
      metaOf(request),
    ),
  );

  app.post('/token', { schema: hidden, config: LIMITS.token }, async (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    const grantType =
      queryOf(request).grant_type ?? (typeof body?.grant_type === 'string' ? body.grant_type : '');
    const meta = metaOf(request);
    switch (grantType) {
      case 'password':
        return passwordGrant(auth, parse(ZPasswordGrant, body), meta);
      case 'refresh_token':
        return refreshGrant(auth, parse(ZRefreshGrant, body).refresh_token, meta);
      case 'pkce':
        return pkceGrant(auth, parse(ZPkceGrant, body), meta);
      default:
        throw badRequest('validation_failed', 'unsupported_grant_type');
    }
  });

  // No HEAD route: a link scanner's HEAD request must not use up the link.
  app.get(
    '/verify',
    { schema: hidden, config: LIMITS.verify, exposeHeadRoute: false },
    async (request, reply) => {
      const location = await verifyLink(auth, queryOf(request), metaOf(request));
      return reply.redirect(location, 303);
    },
  );

  app.post('/verify', { schema: hidden, config: LIMITS.verify }, async (request) =>
    verifyOtp(auth, parse(ZVerify, request.body), metaOf(request)),
  );

  app.post('/resend', { schema: hidden, config: LIMITS.mail }, async (request) =>
    resend(auth, parse(ZResend, request.body), queryOf(request).redirect_to, mailGuard(request)),
  );

  app.post('/recover', { schema: hidden, config: LIMITS.mail }, async (request) =>
    recover(auth, parse(ZRecover, request.body), queryOf(request).redirect_to, mailGuard(request)),
  );

  app.post('/otp', { schema: hidden, config: LIMITS.mail }, async (request) =>
    otp(auth, parse(ZOtp, request.body), queryOf(request).redirect_to, mailGuard(request)),
  );

  // ─── the signed-in user ─────────────────────────────────────────────────────────────────────────────────

  app.get('/user', { schema: hidden, config: other }, async (request) => {
    const signedIn = await authenticate(auth, request.headers.authorization);
    return toUserJson(signedIn.user);
  });

  app.put('/user', { schema: hidden, config: other }, async (request) => {
    const signedIn = await authenticate(auth, request.headers.authorization);
    return updateUser(auth, signedIn, parse(ZUpdateUser, request.body));
  });

  app.get('/reauthenticate', { schema: hidden, config: LIMITS.mail }, async (request) => {
    const signedIn = await authenticate(auth, request.headers.authorization);
    return reauthenticate(auth, signedIn, mailGuard(request));
  });

  app.post('/logout', { schema: hidden, config: other }, async (request, reply) => {
    const signedIn = await authenticate(auth, request.headers.authorization);
    await logout(auth, signedIn, queryOf(request).scope);
    return reply.code(204).send();
  });

  // ─── admin (service-role token) ─────────────────────────────────────────────────────────────────────────

  const admin = { schema: hidden, config: other };
  const asAdmin = (request: FastifyRequest) => requireAdmin(auth, request.headers.authorization);

  app.get('/admin/users', admin, async (request, reply) => {
    await asAdmin(request);
    const query = queryOf(request);
    // GoTrue parses page and per_page as unsigned integers and refuses anything else.
    for (const key of ['page', 'per_page'] as const) {
      const value = query[key];
      if (value !== undefined && value !== '' && !/^\d+$/.test(value)) {
        throw badRequest(
          'validation_failed',
          `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`,
        );
      }
    }
    const page = positiveInt(query.page, 1);
    const perPage = Math.min(positiveInt(query.per_page, 50), 1000);
    const { users, total } = await listUsers(auth, page, perPage);
    const last = Math.max(1, Math.ceil(total / perPage));
    const link = (p: number) =>
      `<${app.config.PUBLIC_URL}/auth/v1/admin/users?page=${p}&per_page=${perPage}>`;
    const links = [...(page < last ? [`${link(page + 1)}; rel="next"`] : []), `${link(last)}; rel="last"`];
    reply.header('x-total-count', String(total));
    reply.header('link', links.join(', '));
    return { users, aud: 'authenticated' };
  });

  app.post('/admin/users', admin, async (request) => {
    await asAdmin(request);
    return toUserJson(await adminCreateUser(auth, parse(ZAdminUser, request.body)));
  });

  app.get('/admin/users/:id', admin, async (request) => {
    await asAdmin(request);
    return toUserJson(await requireUser(auth.db, (request.params as { id: string }).id));
  });

  app.put('/admin/users/:id', admin, async (request) => {
    await asAdmin(request);
    const id = (request.params as { id: string }).id;
    return toUserJson(await adminUpdateUser(auth, id, parse(ZAdminUser, request.body)));
  });

  app.delete('/admin/users/:id', admin, async (request) => {
    await asAdmin(request);
    const { should_soft_delete: soft } = parse(ZAdminDelete, request.body);
    await adminDeleteUser(auth, (request.params as { id: string }).id, soft === true);
    return {};
  });

  app.post('/admin/generate_link', admin, async (request) => {
    await asAdmin(request);
    const body = parse(ZGenerateLink, request.body);
    return generateLink(auth, body, queryOf(request).redirect_to ?? body.redirect_to);
  });

  app.post('/invite', admin, async (request) => {
    await asAdmin(request);
    return invite(auth, parse(ZInvite, request.body), queryOf(request).redirect_to);
  });
}
