import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthAdmin } from '../auth/types';
import { createLocalAuthAdmin } from './admin';
import routes from './routes';
import { LocalAuthService, type RequestMeta, type SessionResponse } from './service';

// The built-in Supabase-Auth (GoTrue) compatible API at /auth/v1 (ADR 005). app.ts registers it only when
// SUPABASE_URL is unset. It decorates the app with `authAdmin` (the AuthAdmin of src/auth/types.ts, direct
// database access) and `localAuth` (the service: sessions for the demo login, token checks).

export { createLocalAuthAdmin } from './admin';
export { LocalAuthError } from './errors';
export { checkPasswordStrength } from './password';
export {
  LocalAuthService,
  REFRESH_TOKEN_REUSE_INTERVAL_MS,
  type AuthContext,
  type RequestMeta,
  type SessionResponse,
} from './service';
export { mintServiceRoleToken, verifyJwt, jwtSecret } from './tokens';
export type { UserJson } from './users';

declare module 'fastify' {
  interface FastifyInstance {
    /** The auth backend's admin side: built-in (local-auth) or the Supabase project's admin API. */
    authAdmin: AuthAdmin;
    /** The built-in auth service; only decorated when SUPABASE_URL is unset. */
    localAuth?: LocalAuthService;
  }
}

/**
 * Signs `userId` in without a password and answers GoTrue's session (access_token, refresh_token …), e.g.
 * for the one-click demo login; the web hands it to `supabase.auth.setSession()`. Built-in auth only.
 */
export async function issueSessionForUser(
  app: FastifyInstance,
  userId: string,
  meta: RequestMeta = {},
): Promise<SessionResponse> {
  if (!app.localAuth) throw new Error('Die eingebaute Anmeldung ist nicht aktiv (SUPABASE_URL ist gesetzt).');
  return app.localAuth.issueSessionForUser(userId, meta);
}

export default fp(
  async function localAuth(app: FastifyInstance) {
    const service = new LocalAuthService({
      db: app.db,
      config: app.config,
      mailer: app.mailer,
      log: app.log.child({ module: 'local-auth' }),
    });
    app.decorate('localAuth', service);
    app.decorate('authAdmin', createLocalAuthAdmin(service));
    await app.register(routes, { prefix: '/auth/v1', service });
  },
  { name: 'local-auth', dependencies: ['config', 'db', 'mailer', 'rate-limit'] },
);
