import { ZApiError } from '@app/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFromCookies } from '../src/plugins/app/auth';
import { createTestApp, type TestApp } from './helpers/app';
import { accessToken, bearer } from './helpers/tokens';

function sessionCookie(token: string, chunkSize?: number): string {
  const value =
    'base64-' +
    Buffer.from(JSON.stringify({ access_token: token, refresh_token: 'r' })).toString('base64url');
  if (!chunkSize) return `sb-127-auth-token=${value}`;
  const parts: string[] = [];
  for (let i = 0; i * chunkSize < value.length; i++) {
    parts.push(`sb-127-auth-token.${i}=${value.slice(i * chunkSize, (i + 1) * chunkSize)}`);
  }
  return parts.reverse().join('; ');
}

/** A concrete URL for a route pattern: params get a syntactically valid dummy. */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, 'AbCdEfGhIjKlMnOpQrStU');
}

describe('Authentication and access levels', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('declares an access level for every /api route and keeps the public ones few', () => {
    const publicRoutes = t.app.routeAccess
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(
      expect.arrayContaining(['GET /api/config', 'GET /api/health', 'POST /api/demo/session']),
    );
    for (const route of publicRoutes) {
      expect(route, 'unexpected public route').toMatch(
        // The submit page and the students' uploads are public by design (ARCHITECTURE.md §8), so is the
        // student's feedback link (ADR 010) with their skill profile (ADR 025) and the fonts of the TikZ
        // pictures these pages show; the pages themselves come server-rendered, with the submit form's post
        // for browsers without JavaScript (ADR 020).
        /^(GET \/(submit\/:taskId|feedback\/:token)|POST \/submit\/:taskId|GET \/api\/(config|health|openapi\.json|docs.*|submit\/:taskId|feedback-link\/:token(\/files\/:fileId|\/skill-profile)?|render-tikz\/fonts\/:file)|POST \/api\/(demo\/session|submissions\/studentupload\/:taskId))$/,
      );
    }
  });

  it('answers every non-public /api route with 401 and the spec message without a token', async () => {
    const closed = t.app.routeAccess.filter((r) => r.access !== 'public');
    expect(closed.length).toBeGreaterThan(5);
    for (const route of closed) {
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: concrete(route.url),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(ZApiError.parse(res.json()).error).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'User not logged in',
      });
    }
  });

  it('answers every route with 403 for a caller whose role is too low', async () => {
    const { token: noRole } = await accessToken(t.app, { role: null });
    const { token: teacher } = await accessToken(t.app, { role: 'teacher' });
    const checked: string[] = [];
    for (const route of t.app.routeAccess) {
      const tokens =
        route.access === 'organization_member'
          ? [noRole, teacher]
          : route.access === 'teacher'
            ? [noRole]
            : [];
      for (const token of tokens) {
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: concrete(route.url),
          headers: bearer(token),
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(ZApiError.parse(res.json()).error.code).toBe('FORBIDDEN');
        checked.push(route.url);
      }
    }
    expect(checked).toContain('/api/admin/getAll');
  });

  it('rejects an expired token, a foreign signature and garbage', async () => {
    const expired = await accessToken(t.app, { role: 'organization_member' }, { expiresIn: '-1s' });
    const foreign = await accessToken(
      t.app,
      { role: 'organization_member' },
      { secret: new TextEncoder().encode('x'.repeat(40)) },
    );
    for (const token of [expired.token, foreign.token, 'not-a-jwt']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/getAllRoles',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('admits the right role by Bearer token', async () => {
    const { token } = await accessToken(t.app, { role: 'organization_member' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/getAllRoles', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roles: [{ role: 'teacher' }, { role: 'organization_member' }] });
  });

  it('reads the chunked Supabase session cookie', async () => {
    const { token } = await accessToken(t.app, { role: 'organization_member' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/getAllPermissions',
      headers: { cookie: sessionCookie(token, 100) },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses cookie-authenticated state changes without X-Requested-With', async () => {
    const { token } = await accessToken(t.app, { role: 'organization_member' });
    const without = await t.app.inject({
      method: 'POST',
      url: '/api/admin/resetPasswordEmail',
      headers: { cookie: sessionCookie(token) },
      payload: { email: 'niemand@schule.example' },
    });
    expect(without.statusCode).toBe(403);
  });
});

describe('Session cookie parsing', () => {
  it('joins chunks in numeric order and accepts plain JSON', () => {
    const value = 'base64-' + Buffer.from(JSON.stringify({ access_token: 'abc' })).toString('base64url');
    const chunks = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`sb-x-auth-token.${i}`, value.slice(i * 4, (i + 1) * 4)]),
    );
    expect(accessTokenFromCookies(chunks)).toBe('abc');
    expect(accessTokenFromCookies({ 'sb-x-auth-token': JSON.stringify({ access_token: 'plain' }) })).toBe(
      'plain',
    );
    expect(accessTokenFromCookies({ 'sb-x-auth-token': 'base64-%%%' })).toBeNull();
    expect(accessTokenFromCookies({ other: 'x' })).toBeNull();
  });
});
