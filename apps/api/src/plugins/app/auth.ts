import { isPermittedRole, type UserRole } from '@app/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { createSecretKey } from 'node:crypto';
import { loadJwtSecret, loadPreviousJwtSecret, verifyWithPrevious } from '../../auth/secret';
import type { AccessLevel, AuthUser } from '../../auth/types';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';

/** `sb-<ref>-auth-token`, possibly split into `.0`, `.1` … chunks by @supabase/ssr. */
const AUTH_COOKIE = /^sb-[\w-]+-auth-token(?:\.(\d+))?$/;
const BASE64_PREFIX = 'base64-';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The API's paths: `/api/…`, and `/aiapy/…` where PRODUCT.md §7 puts the AI entry of the original. */
const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/aiapy/');

export interface RouteAccess {
  method: string;
  url: string;
  access: AccessLevel;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with the access level it was registered with (tests enumerate it). */
    routeAccess: RouteAccess[];
  }
}

type Verifier = (token: string) => Promise<JWTPayload>;

function createVerifier(env: Env): Verifier {
  const audience = 'authenticated';
  if (env.SUPABASE_URL && !env.SUPABASE_JWT_SECRET) {
    const jwks: JWTVerifyGetKey = createRemoteJWKSet(
      new URL('/auth/v1/.well-known/jwks.json', env.SUPABASE_URL),
    );
    return async (token) => (await jwtVerify(token, jwks, { audience })).payload;
  }
  // KeyObjects once: jose would import raw bytes through WebCrypto on every request.
  const secret = createSecretKey(
    env.SUPABASE_URL ? new TextEncoder().encode(env.SUPABASE_JWT_SECRET) : loadJwtSecret(env),
  );
  const previousSecret = env.SUPABASE_URL ? null : loadPreviousJwtSecret(env);
  const previous = previousSecret ? createSecretKey(previousSecret) : null;
  // After a rotation, tokens signed with the previous secret stay valid until they expire.
  return (token) =>
    verifyWithPrevious(
      secret,
      previous,
      async (key) => (await jwtVerify(token, key, { audience, algorithms: ['HS256'] })).payload,
    );
}

const CACHE_SIZE = 5000;

/**
 * Remembers verified tokens until they expire: a signed-in page fires several requests with the same token,
 * and verifying is the largest fixed cost of a request. A token's claims cannot change, so this is safe;
 * whether its session has ended is asked on every request (auth/revocations.ts), and `forget` drops the
 * tokens of a user whose sessions ended.
 */
function cached(verify: Verifier): { verify: Verifier; forget: (userId: string) => void } {
  const verified = new Map<string, JWTPayload>();
  return {
    async verify(token) {
      const hit = verified.get(token);
      if (hit && (hit.exp ?? 0) * 1000 > Date.now()) return hit;
      if (hit) verified.delete(token);
      const payload = await verify(token);
      if (verified.size >= CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, payload);
      return payload;
    },
    forget(userId) {
      for (const [token, payload] of verified) if (payload.sub === userId) verified.delete(token);
    },
  };
}

/** Reassembles the session cookie of @supabase/ssr (chunked, optionally base64url) and returns its access token. */
export function accessTokenFromCookies(cookies: Record<string, string | undefined>): string | null {
  const chunks = new Map<string, Array<{ index: number; value: string }>>();
  for (const [name, value] of Object.entries(cookies)) {
    const match = AUTH_COOKIE.exec(name);
    if (!match || value === undefined) continue;
    const base = name.replace(/\.\d+$/, '');
    const list = chunks.get(base) ?? [];
    list.push({ index: match[1] === undefined ? -1 : Number(match[1]), value });
    chunks.set(base, list);
  }
  for (const list of chunks.values()) {
    let raw = list
      .sort((a, b) => a.index - b.index)
      .map((c) => c.value)
      .join('');
    try {
      if (raw.startsWith(BASE64_PREFIX))
        raw = Buffer.from(raw.slice(BASE64_PREFIX.length), 'base64url').toString('utf8');
      const session: unknown = JSON.parse(raw);
      if (session && typeof session === 'object' && 'access_token' in session) {
        const token = session.access_token;
        if (typeof token === 'string') return token;
      }
    } catch {
      // A damaged cookie is the same as none.
    }
  }
  return null;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

function roleOf(payload: JWTPayload): UserRole | null {
  const claim = payload.user_role;
  return isPermittedRole(claim) ? claim : null;
}

function allows(level: AccessLevel, user: AuthUser | null): 'ok' | 'unauthenticated' | 'forbidden' {
  if (level === 'public') return 'ok';
  if (!user) return 'unauthenticated';
  if (level === 'authenticated') return 'ok';
  if (level === 'organization_member') return user.role === 'organization_member' ? 'ok' : 'forbidden';
  return user.role === 'teacher' || user.role === 'organization_member' ? 'ok' : 'forbidden';
}

/** Registers `plugin` so that its routes default to `access` (a route may still set its own). */
export function withAccess(access: AccessLevel, plugin: FastifyPluginAsync) {
  return async function accessScope(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: route.config?.access ?? access };
    });
    await app.register(plugin);
  };
}

/**
 * Turns a Bearer token or the Supabase session cookie into `request.user` (unless the token's session has
 * ended: account deleted or banned, auth/revocations.ts) and enforces the access level the route's subtree
 * declared (routes/index.ts). An /api route without a declared level needs a teacher: new routes are closed
 * until someone opens them on purpose.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    const { verify, forget } = cached(createVerifier(app.config));
    const revocations = app.sessionRevocations;
    revocations.onRevoked(forget);
    app.decorateRequest('user', null);

    // Route options are read when asked for: a subtree's onRoute hook (withAccess) runs after this one.
    const routes: Array<{ method: string | string[]; url: string; config?: { access?: AccessLevel } }> = [];
    app.addHook('onRoute', (route) => {
      if (isApiPath(route.url)) routes.push(route);
    });
    app.decorate('routeAccess', {
      getter: () =>
        routes.flatMap((route) =>
          (Array.isArray(route.method) ? route.method : [route.method])
            .filter((method) => method !== 'HEAD')
            .map((method) => ({ method, url: route.url, access: route.config?.access ?? 'teacher' })),
        ),
    });

    app.addHook('onRequest', async (request) => {
      const url = request.routeOptions.url;
      if (!url || !isApiPath(url)) return;
      const level = request.routeOptions.config.access ?? 'teacher';

      const fromHeader = bearer(request);
      const token = fromHeader ?? accessTokenFromCookies(request.cookies);
      if (token) {
        try {
          const payload = await verify(token);
          if (typeof payload.sub === 'string' && (await revocations.isRevoked(payload.sub, payload.iat))) {
            // The account was deleted or banned after this token was issued: its session has ended.
            request.log.info({ reason: 'SessionEnded' }, 'access token rejected');
          } else if (typeof payload.sub === 'string') {
            request.user = {
              id: payload.sub,
              email: typeof payload.email === 'string' ? payload.email : null,
              role: roleOf(payload),
              sessionId: typeof payload.session_id === 'string' ? payload.session_id : null,
            };
          }
        } catch (err) {
          request.log.info({ reason: (err as Error).name }, 'access token rejected');
        }
      }

      const verdict = allows(level, request.user);
      if (verdict === 'unauthenticated') throw new AppError('UNAUTHENTICATED');
      if (verdict === 'forbidden') throw new AppError('FORBIDDEN');
      // A cookie rides along on cross-site requests; a custom header cannot be set cross-site without CORS.
      if (
        request.user &&
        !fromHeader &&
        !SAFE_METHODS.has(request.method) &&
        !request.headers['x-requested-with']
      ) {
        throw new AppError('FORBIDDEN');
      }
    });
  },
  { name: 'auth', dependencies: ['config', 'cookie-wrapper', 'session-revocations'] },
);
