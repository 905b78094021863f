import { ZCreateStudentsResponse } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { grantRole } from '../src/domain/accounts/roles';
import { loadEnv, type Env } from '../src/env';
import { mintServiceRoleToken } from '../src/local-auth';
import { createTestApp, type TestApp } from './helpers/app';
import { until } from './helpers/classroom';
import { drivers, testDatabase, type TestDatabase } from './helpers/database';
import { bearer } from './helpers/tokens';

// A deleted or banned user's sessions end at once: their access tokens (also those a process has verified and
// cached) and their refresh tokens stop working, in every API process sharing the database.

const PASSWORD = 'Klassen2026Zimmer';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@schule.example`;

interface Session {
  userId: string;
  access: string;
  refresh: string;
}

async function signInWithPassword(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ access_token: string; refresh_token: string; user: { id: string } }>();
  return { userId: body.user.id, access: body.access_token, refresh: body.refresh_token };
}

const refresh = (app: FastifyInstance, session: Session) =>
  app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=refresh_token',
    payload: { refresh_token: session.refresh },
  });

const get = (app: FastifyInstance, url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });

/** A confirmed user with a role, signed in with their password (a real session with a refresh token). */
async function signedInUser(
  app: FastifyInstance,
  role: 'teacher' | 'organization_member' | null = 'teacher',
) {
  const email = uniqueEmail(role ?? 'nutzer');
  const user = await app.authAdmin.createUser({ email, password: PASSWORD });
  if (role) await grantRole(app.db, user.id, role, null);
  return signInWithPassword(app, email);
}

describe.each(drivers)('Ended sessions with the built-in auth on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a deleted account’s access token (already verified and cached) and refresh token stop working', async () => {
    const session = await signedInUser(t.app);
    expect((await get(t.app, '/api/classes', session.access)).statusCode).toBe(200);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(session.access),
    });
    expect(deleted.statusCode).toBe(200);

    const after = await get(t.app, '/api/classes', session.access);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    expect((await get(t.app, '/api/profile', session.access)).statusCode).toBe(401);
    expect((await refresh(t.app, session)).statusCode).toBe(400);
  });

  it('a user deleted by an organization member is signed out at once', async () => {
    const admin = await signedInUser(t.app, 'organization_member');
    const victim = await signedInUser(t.app);
    expect((await get(t.app, '/api/classes', victim.access)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/deleteUser',
      headers: bearer(admin.access),
      payload: { user_id: victim.userId },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect((await get(t.app, '/api/classes', victim.access)).statusCode).toBe(401);
    expect((await refresh(t.app, victim)).statusCode).toBe(400);
    // The admin's own session goes on.
    expect((await get(t.app, '/api/classes', admin.access)).statusCode).toBe(200);
  });

  it('the student accounts of a deleted teacher are signed out too', async () => {
    const teacher = await signedInUser(t.app);
    const subject = await t.app.inject({
      method: 'POST',
      url: '/api/subjects',
      headers: bearer(teacher.access),
      payload: { name: 'Mathematik' },
    });
    const klass = await t.app.inject({
      method: 'POST',
      url: '/api/classes',
      headers: bearer(teacher.access),
      payload: { name: '7b', grade: '7', subject_id: subject.json<{ id: string }>().id },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/createStudents',
      headers: bearer(teacher.access),
      payload: { class_id: klass.json<{ id: string }>().id, names: ['Greta Gärtner'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [student] = ZCreateStudentsResponse.parse(created.json()).students;
    const studentSession = await signInWithPassword(t.app, student!.email, student!.password);
    expect((await get(t.app, '/api/profile', studentSession.access)).statusCode).toBe(200);

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(teacher.access) }))
        .statusCode,
    ).toBe(200);

    expect((await get(t.app, '/api/profile', studentSession.access)).statusCode).toBe(401);
    expect((await refresh(t.app, studentSession)).statusCode).toBe(400);
  });

  it('a ban through the admin API of the built-in auth ends the sessions; after the ban a new sign-in works', async () => {
    const session = await signedInUser(t.app);
    expect((await get(t.app, '/api/classes', session.access)).statusCode).toBe(200);
    const serviceKey = await mintServiceRoleToken(t.app.config);

    const banned = await t.app.inject({
      method: 'PUT',
      url: `/auth/v1/admin/users/${session.userId}`,
      headers: bearer(serviceKey),
      payload: { ban_duration: '24h' },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect((await get(t.app, '/api/classes', session.access)).statusCode).toBe(401);
    expect((await refresh(t.app, session)).statusCode).toBe(400);

    const lifted = await t.app.inject({
      method: 'PUT',
      url: `/auth/v1/admin/users/${session.userId}`,
      headers: bearer(serviceKey),
      payload: { ban_duration: 'none' },
    });
    expect(lifted.statusCode).toBe(200);
    // Tokens carry whole seconds: a token of the second of the ban counts as issued before it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const email = lifted.json<{ email: string }>().email;
    const again = await signInWithPassword(t.app, email);
    expect((await get(t.app, '/api/classes', again.access)).statusCode).toBe(200);
    expect((await get(t.app, '/api/classes', session.access)).statusCode).toBe(401);
  });

  it('a user deleted through the admin API of the built-in auth is signed out at once', async () => {
    const session = await signedInUser(t.app);
    expect((await get(t.app, '/api/classes', session.access)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/auth/v1/admin/users/${session.userId}`,
      headers: bearer(await mintServiceRoleToken(t.app.config)),
      payload: { should_soft_delete: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(t.app, '/api/classes', session.access)).statusCode).toBe(401);
    expect((await refresh(t.app, session)).statusCode).toBe(400);
  });
});

describe.each(drivers)('Ended sessions across processes on %s', (driver) => {
  let database: TestDatabase;
  let env: Env;
  const apps: FastifyInstance[] = [];
  const start = async () => {
    const app = await buildApp(env, { controlSocket: false });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await testDatabase(driver);
    env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DEMO: '0', ...database.env });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.cleanup();
  });

  it('a restarted process still refuses the token of a deleted account', async () => {
    const first = await start();
    const session = await signedInUser(first);
    expect(
      (await first.inject({ method: 'DELETE', url: '/api/account', headers: bearer(session.access) }))
        .statusCode,
    ).toBe(200);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await start();
    expect((await get(second, '/api/classes', session.access)).statusCode).toBe(401);
  });

  it.runIf(driver === 'postgres')(
    'another process sharing the database refuses the token soon after, cached or not',
    async () => {
      const a = await start();
      const b = await start();
      const session = await signedInUser(a);
      expect((await get(b, '/api/classes', session.access)).statusCode).toBe(200);
      const other = await signedInUser(a);

      expect(
        (await a.inject({ method: 'DELETE', url: '/api/account', headers: bearer(session.access) }))
          .statusCode,
      ).toBe(200);
      await until(
        async () => (await get(b, '/api/classes', session.access)).statusCode === 401,
        5000,
        'the other process refuses the token',
      );
      expect((await get(b, '/api/classes', other.access)).statusCode).toBe(200);
    },
  );
});

describe('Ended sessions with an external Supabase project', () => {
  let server: Server;
  let privateKey: CryptoKey;
  let t: TestApp;
  const users = new Map<string, { id: string; email: string; created_at: string }>();

  beforeAll(async () => {
    const keys = await generateKeyPair('ES256');
    privateKey = keys.privateKey;
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    // The project's JWKS and the admin users API, on loopback.
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/auth/v1/.well-known/jwks.json') return res.end(JSON.stringify({ keys: [jwk] }));
      const match = /^\/auth\/v1\/admin\/users\/([\w-]+)$/.exec(req.url ?? '');
      const user = match ? users.get(match[1]!) : undefined;
      if (user && req.method === 'GET') return res.end(JSON.stringify(user));
      if (user && req.method === 'DELETE') {
        users.delete(user.id);
        return res.end('{}');
      }
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    t = await createTestApp({
      env: {
        SUPABASE_URL: `http://127.0.0.1:${address.port}`,
        SUPABASE_ANON_KEY: 'anon-key',
        SUPABASE_SERVICE_ROLE_KEY: 'service-key',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function projectUser(role: string) {
    const id = randomUUID();
    const email = `${id.slice(0, 8)}@schule.example`;
    users.set(id, { id, email, created_at: new Date().toISOString() });
    const token = await new SignJWT({
      email,
      role: 'authenticated',
      user_role: role,
      session_id: randomUUID(),
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject(id)
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    return { id, token };
  }

  it("a deleted account's token of the project stops working at once", async () => {
    const teacher = await projectUser('teacher');
    expect((await get(t.app, '/api/classes', teacher.token)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(teacher.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(t.app, '/api/classes', teacher.token)).statusCode).toBe(401);
  });

  it('a user deleted by an organization member is signed out at once', async () => {
    const admin = await projectUser('organization_member');
    const victim = await projectUser('teacher');
    expect((await get(t.app, '/api/classes', victim.token)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/deleteUser',
      headers: bearer(admin.token),
      payload: { user_id: victim.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(t.app, '/api/classes', victim.token)).statusCode).toBe(401);
    expect((await get(t.app, '/api/classes', admin.token)).statusCode).toBe(200);
  });
});
