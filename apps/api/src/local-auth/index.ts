import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthAdmin } from '../auth/types';
import { createLocalAuthAdmin } from './admin';
import { createLocalAuth, type LocalAuth, type RequestMeta } from './context';
import http from './http';
import { issueSessionForUser as startSessionFor, type SessionResponse } from './sessions';

// The built-in Supabase-Auth (GoTrue) compatible API at /auth/v1 (ADR 005). app.ts registers it only when
// SUPABASE_URL is unset. It decorates the app with `authAdmin` (the AuthAdmin of src/auth/types.ts, direct
// database access) and `localAuth` (what its operations work with).
// Its plugin stays here, not in plugins/: the module is a self-contained sub-app and this is its entry.

export { mintServiceRoleToken } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** The auth backend's admin side: built-in (local-auth) or the Supabase project's admin API. */
    authAdmin: AuthAdmin;
    /** The built-in auth; only decorated when SUPABASE_URL is unset. */
    localAuth?: LocalAuth;
  }
}

/**
 * Signs `userId` in without a password and answers GoTrue's session (access_token, refresh_token …), which
 * `supabase.auth.setSession()` takes. Built-in auth only.
 */
export async function issueSessionForUser(
  app: FastifyInstance,
  userId: string,
  meta: RequestMeta = {},
): Promise<SessionResponse> {
  if (!app.localAuth) throw new Error('Die eingebaute Anmeldung ist nicht aktiv (SUPABASE_URL ist gesetzt).');
  return startSessionFor(app.localAuth, userId, meta);
}

export default fp(
  async function localAuth(app: FastifyInstance) {
    const auth = createLocalAuth({
      db: app.db,
      config: app.config,
      mailer: app.mailer,
      log: app.log.child({ module: 'local-auth' }),
      revocations: app.sessionRevocations,
    });
    app.decorate('localAuth', auth);
    app.decorate('authAdmin', createLocalAuthAdmin(auth));
    // A WORKERS=only process needs the admin side (jobs) but serves no routes.
    if (app.config.WORKERS !== 'only') await app.register(http, { prefix: '/auth/v1', auth });
  },
  { name: 'local-auth', dependencies: ['config', 'db', 'mailer', 'rate-limit', 'session-revocations'] },
);
