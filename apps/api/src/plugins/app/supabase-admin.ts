import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { AdminUser, AuthAdmin } from '../../auth/types';

// With SUPABASE_URL set, the admin side of auth is the project's GoTrue admin API, called with the
// service-role key (never sent to the browser).

const ZGoTrueUser = z.object({
  id: z.string(),
  email: z.string().nullish(),
  email_confirmed_at: z.string().nullish(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullish(),
  user_metadata: z.record(z.string(), z.unknown()).nullish(),
});
type GoTrueUser = z.infer<typeof ZGoTrueUser>;

function toAdminUser(u: GoTrueUser): AdminUser {
  return {
    id: u.id,
    email: u.email ?? '',
    emailConfirmedAt: u.email_confirmed_at ?? null,
    createdAt: u.created_at,
    lastSignInAt: u.last_sign_in_at ?? null,
    userMetadata: u.user_metadata ?? {},
  };
}

const PER_PAGE = 200;

/** A refusal of the project's auth, shaped like supabase-js' AuthApiError (the error handler maps `code`). */
async function authApiError(res: Response): Promise<Error> {
  const body = z
    .object({ code: z.union([z.string(), z.number()]).optional(), error_code: z.string().optional() })
    .catch({})
    .parse(await res.json().catch(() => ({})));
  const code = body.error_code ?? (typeof body.code === 'string' ? body.code : 'unexpected_failure');
  return Object.assign(new Error(`auth ${res.status} ${code}`), {
    name: 'AuthApiError',
    status: res.status,
    code,
  });
}

function createGoTrueAdmin(options: {
  authUrl: string;
  serviceRoleKey: string;
  anonKey: string;
  redirectTo: string;
  fetch?: typeof fetch;
}): AuthAdmin {
  const doFetch = options.fetch ?? fetch;
  const base = options.authUrl.replace(/\/$/, '');

  async function call(
    method: string,
    path: string,
    body?: unknown,
    key = options.serviceRoleKey,
  ): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          apikey: key,
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: err });
    }
    if (res.status === 404) return null;
    if (!res.ok) throw await authApiError(res);
    const text = await res.text();
    return text ? (JSON.parse(text) as unknown) : null;
  }

  async function listUsers(): Promise<AdminUser[]> {
    const users: AdminUser[] = [];
    for (let page = 1; ; page++) {
      const data = z
        .object({ users: z.array(ZGoTrueUser) })
        .parse(await call('GET', `/admin/users?page=${page}&per_page=${PER_PAGE}`));
      users.push(...data.users.map(toAdminUser));
      if (data.users.length < PER_PAGE) return users;
    }
  }

  return {
    listUsers,
    async getUserById(id) {
      const data = await call('GET', `/admin/users/${encodeURIComponent(id)}`);
      return data ? toAdminUser(ZGoTrueUser.parse(data)) : null;
    },
    async getUserByEmail(email) {
      const wanted = email.trim().toLowerCase();
      return (await listUsers()).find((u) => u.email.toLowerCase() === wanted) ?? null;
    },
    async createUser({ email, password, userMetadata }) {
      const data = await call('POST', '/admin/users', {
        email,
        password,
        email_confirm: true,
        user_metadata: userMetadata ?? {},
      });
      return toAdminUser(ZGoTrueUser.parse(data));
    },
    async updatePassword(id, password) {
      await call('PUT', `/admin/users/${encodeURIComponent(id)}`, { password });
    },
    async deleteUser(id) {
      await call('DELETE', `/admin/users/${encodeURIComponent(id)}`, { should_soft_delete: false });
    },
    async sendPasswordReset(email) {
      await call(
        'POST',
        `/recover?redirect_to=${encodeURIComponent(options.redirectTo)}`,
        { email },
        options.anonKey,
      );
    },
  };
}

/** Decorates `authAdmin` for external Supabase mode. */
export default fp(
  async function supabaseAdmin(app: FastifyInstance) {
    const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_ANON_KEY, PUBLIC_URL } = app.config;
    if (!SUPABASE_URL) return;
    app.decorate(
      'authAdmin',
      createGoTrueAdmin({
        authUrl: `${SUPABASE_URL.replace(/\/$/, '')}/auth/v1`,
        serviceRoleKey: SUPABASE_SERVICE_ROLE_KEY ?? '',
        anonKey: SUPABASE_ANON_KEY ?? '',
        redirectTo: `${PUBLIC_URL}/update-password`,
      }),
    );
  },
  { name: 'supabase-admin', dependencies: ['config'] },
);
