import { ZApiError, ZHealthResponse, ZPublicConfig } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drivers } from './helpers/database';
import { createTestApp, type TestApp } from './helpers/app';
import { bearer, signIn } from './helpers/tokens';
import { colorSchemeScriptHash, deferredEntryScriptHash } from '../src/plugins/external/helmet';

function addProbeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    {
      config: { access: 'public' },
      schema: { body: z.object({ title: z.string().min(1), grade: z.number().int() }) },
    },
    (request) => request.body,
  );
  typed.get('/api/test/boom', { config: { access: 'public' } }, () => {
    throw new Error('secret internal detail at /srv/app.ts:12');
  });
}

describe.each(drivers)('API foundation on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver, prepare: addProbeRoutes });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an unknown /api route with the JSON error shape and 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = ZApiError.parse(res.json());
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.requestId).toBe(res.headers['x-request-id']);
  });

  it('rejects a malformed JSON body with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json()).error.code).toBe('MALFORMED_BODY');
  });

  it('reports validation failures with the zod issues in details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: '', grade: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = ZApiError.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    const issues = z
      .array(z.object({ path: z.array(z.unknown()), message: z.string() }))
      .parse(body.error.details);
    expect(issues.map((i) => i.path.join('.')).sort()).toEqual(['grade', 'title']);
  });

  it('hides internals of an unexpected failure behind a German 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = ZApiError.parse(res.json());
    expect(body.error.code).toBe('INTERNAL');
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts');
  });

  it('reports a healthy database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = ZHealthResponse.parse(res.json());
    expect(body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('publishes the public runtime config and nothing secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = ZPublicConfig.parse(res.json());
    expect(body.authMode).toBe('local');
    expect(body.posthog).toBeNull();
  });

  it('serves the OpenAPI document and its UI', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.statusCode).toBe(200);
    const doc = z
      .object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })
      .parse(json.json());
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/config']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('keeps a sane incoming request id and sets security headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Scripts: the app's own files and the two inline scripts of the HTML pages (the colour mode, and the
    // public pages' loader of their module script), nothing else inline.
    expect(res.headers['content-security-policy']).toContain(
      `script-src 'self' ${colorSchemeScriptHash()} ${deferredEntryScriptHash()};`,
    );
  });

  it('never writes tokens or passwords to the log', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { authorization: 'Bearer very-secret-token', cookie: 'sb-x-auth-token=also-secret' },
      payload: { title: 'x', grade: 1 },
    });
    const text = JSON.stringify(t.logs);
    expect(t.logs.length).toBeGreaterThan(0);
    expect(text).not.toContain('very-secret-token');
    expect(text).not.toContain('also-secret');
  });
});

describe('API when the database is unreachable', () => {
  it('answers /api/health with 503 and database down', async () => {
    const t = await createTestApp({
      env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', MIGRATE: '0' },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(ZHealthResponse.parse(res.json())).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await t.close();
    }
  });
});

describe('Rate limiting', () => {
  it('answers 429 with the German message once the limit is used up', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MAX: '2' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const res = await t.app.inject({ method: 'GET', url: '/api/config' });
      const body = ZApiError.parse(res.json());
      expect(body.error).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut',
      });
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });
});

describe('Serving the built SPA in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="de"><title>App</title></html>');
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    // What the build's compression plugin writes beside each asset (contents only need to differ here).
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), 'brotli bytes');
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz'), 'gzip bytes');
    writeFileSync(path.join(dist, 'sw.js'), '// sw');
    t = await createTestApp({ env: { NODE_ENV: 'production', WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers any page path with index.html and no caching', async () => {
    for (const url of ['/', '/classes/abc/tasks/def', '/login?next=/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<html lang="de">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('gives hashed assets a long cache and other files none', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends the pre-compressed copy a browser accepts, brotli first, and the plain file otherwise', async () => {
    const url = '/assets/index-AbC123.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli bytes');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('gzip bytes');
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps API, auth and missing assets as JSON 404s', async () => {
    for (const url of ['/api/nope', '/assets/missing-123.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(ZApiError.parse(res.json()).error.code).toBe('NOT_FOUND');
    }
    // The built-in auth answers its own paths in GoTrue's shape (ADR 015).
    const auth = await t.app.inject({ method: 'GET', url: '/auth/v1/nope' });
    expect(auth.statusCode).toBe(404);
    expect(auth.json()).toMatchObject({ error_code: 'not_found' });
  });

  it('answers GET on a mutation (/api/admin/addUserRole) with 405, Allow: POST and the German message', async () => {
    const admin = await signIn(t.app, { role: 'organization_member' });
    for (const headers of [bearer(admin.token), {}]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/addUserRole?user_id=x&role=teacher',
        headers,
      });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(ZApiError.parse(res.json()).error).toEqual({
        code: 'METHOD_NOT_ALLOWED',
        message: 'Diese Methode ist hier nicht erlaubt.',
      });
    }
  });

  it('answers an over-long id as its route answers any malformed id, never 405 or 500', async () => {
    const teacher = await signIn(t.app);
    const answer = async (url: string, token?: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
      return { status: res.statusCode, code: ZApiError.parse(res.json()).error.code };
    };
    for (const route of ['/api/classes/', '/api/submit/', '/api/tasks/', '/api/feedback-link/']) {
      const malformed = await answer(`${route}xyz`, teacher.token);
      for (const length of [101, 300, 2000]) {
        const got = await answer(`${route}${'a'.repeat(length)}`, teacher.token);
        expect(got, `${route} (${String(length)})`).toEqual(malformed);
      }
    }
    expect(await answer(`/api/submit/${'a'.repeat(150)}`)).toEqual({ status: 404, code: 'TASK_NOT_FOUND' });
    // Anonymously, a route that needs a sign-in asks for one, as it does for a short id.
    expect((await answer(`/api/classes/${'a'.repeat(150)}`)).status).toBe(401);
  });
});

describe('Graceful shutdown', () => {
  it('lets an in-flight request finish while closing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const t = await createTestApp({
      prepare: (app) => {
        app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
          await gate;
          return { done: true };
        });
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const inFlight = fetch(`http://127.0.0.1:${address.port}/api/test/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = t.close();
    setTimeout(release, 200);
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`http://127.0.0.1:${address.port}/api/health`)).rejects.toThrow();
  });
});
