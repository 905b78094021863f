import { ZAdminListUsersResponse, ZPublicConfig } from '@app/contract';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { bearer } from './helpers/tokens';

// External Supabase mode: a stand-in for the project on loopback (JWKS + admin users API), the app unchanged.

const adminUser = {
  id: randomUUID(),
  email: 'it@schule.example',
  email_confirmed_at: '2026-01-05T10:00:00Z',
  created_at: '2026-01-05T09:00:00Z',
  last_sign_in_at: null,
  user_metadata: {},
};

describe('With an external Supabase project', () => {
  let server: Server;
  let url: string;
  let privateKey: CryptoKey;
  let t: TestApp;
  const seenAuth: string[] = [];

  beforeAll(async () => {
    const keys = await generateKeyPair('ES256');
    privateKey = keys.privateKey;
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    server = createServer((req, res) => {
      seenAuth.push(String(req.headers.authorization));
      res.setHeader('content-type', 'application/json');
      if (req.url === '/auth/v1/.well-known/jwks.json') return res.end(JSON.stringify({ keys: [jwk] }));
      if (req.url?.startsWith('/auth/v1/admin/users?'))
        return res.end(JSON.stringify({ users: [adminUser] }));
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
    t = await createTestApp({
      env: { SUPABASE_URL: url, SUPABASE_ANON_KEY: 'anon-key', SUPABASE_SERVICE_ROLE_KEY: 'service-key' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function projectToken(role: string, key: CryptoKey = privateKey) {
    return new SignJWT({ email: 'it@schule.example', role: 'authenticated', user_role: role })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject(adminUser.id)
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
  }

  it('tells the SPA to use the project for auth', async () => {
    const config = ZPublicConfig.parse((await t.app.inject({ method: 'GET', url: '/api/config' })).json());
    expect(config).toMatchObject({ authMode: 'supabase', authUrl: url, supabaseAnonKey: 'anon-key' });
  });

  it("verifies the project's tokens with its JWKS and lists users through its admin API", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/getAll',
      headers: bearer(await projectToken('organization_member')),
    });
    expect(res.statusCode).toBe(200);
    expect(ZAdminListUsersResponse.parse(res.json()).users).toEqual([
      expect.objectContaining({ id: adminUser.id, email: 'it@schule.example', roles: [] }),
    ]);
    expect(seenAuth).toContain('Bearer service-key');
  });

  it('rejects a token signed by anyone else', async () => {
    const other = await generateKeyPair('ES256');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/getAllRoles',
      headers: bearer(await projectToken('organization_member', other.privateKey)),
    });
    expect(res.statusCode).toBe(401);
  });

  it('mounts no built-in auth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/v1/settings' });
    expect(res.statusCode).toBe(404);
  });
});
