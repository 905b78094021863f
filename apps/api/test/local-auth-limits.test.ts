import { decodeJwt } from 'jose';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksIn, startSmtpSink, type SmtpSink } from '../../../tests/fixtures/smtp-sink';
import { mintServiceRoleToken } from '../src/local-auth';
import { createTestApp, type TestApp } from './helpers/app';

// Rate limits, the SMTP path and AUTO_ROLE of the built-in auth, through inject (one IP per scenario).

const PASSWORD = 'Klassen2026Zimmer';
const json = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };

describe('Built-in auth rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO: '0' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify(payload), remoteAddress });

  it('answers the 31st recovery request within five minutes with 429 over_request_rate_limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await post('/auth/v1/recover', { email: `nobody${i}@schule.example` }, '10.0.0.1')).statusCode,
      );
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    const limited = await post('/auth/v1/recover', { email: 'nobody@schule.example' }, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['x-supabase-api-version']).toBe('2024-01-01');
    // Another address is not affected, nor is another endpoint.
    expect((await post('/auth/v1/recover', { email: 'a@schule.example' }, '10.0.0.9')).statusCode).toBe(200);
    expect(
      (await post('/auth/v1/otp', { email: 'b@schule.example', create_user: false }, '10.0.0.1')).statusCode,
    ).toBe(200);
  });

  it('allows 150 token requests per five minutes', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) {
      const res = await post(
        '/auth/v1/token?grant_type=refresh_token',
        { refresh_token: `bogus-${i}` },
        '10.0.0.2',
      );
      statuses.add(res.statusCode);
    }
    expect(statuses).toEqual(new Set([400]));
    const limited = await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: 'x' }, '10.0.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'over_request_rate_limit' });
  });

  it('sends at most 30 mails an hour for one IP (over_email_send_rate_limit)', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await post('/auth/v1/otp', { email: `mail${i}@schule.example` }, '10.0.0.3');
      expect(res.statusCode, `mail ${i}`).toBe(200);
    }
    // /recover has a request budget of its own left, but the mail budget of this IP is spent.
    const res = await post('/auth/v1/recover', { email: 'mail0@schule.example' }, '10.0.0.3');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' });
    expect((await post('/auth/v1/recover', { email: 'mail0@schule.example' }, '10.0.0.4')).statusCode).toBe(
      200,
    );
  });

  it('answers a refresh token used twice at once with the same new token', async () => {
    const serviceKey = await mintServiceRoleToken(t.app.config);
    const created = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/admin/users',
      headers: { ...json, authorization: `Bearer ${serviceKey}` },
      payload: { email: 'parallel@schule.example', password: PASSWORD, email_confirm: true },
    });
    expect(created.statusCode).toBe(200);
    const signIn = await post(
      '/auth/v1/token?grant_type=password',
      { email: 'parallel@schule.example', password: PASSWORD },
      '10.0.0.5',
    );
    const { refresh_token } = signIn.json<{ refresh_token: string }>();
    const [a, b] = await Promise.all([
      post('/auth/v1/token?grant_type=refresh_token', { refresh_token }, '10.0.0.5'),
      post('/auth/v1/token?grant_type=refresh_token', { refresh_token }, '10.0.0.5'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json<{ refresh_token: string }>().refresh_token).toBe(
      b.json<{ refresh_token: string }>().refresh_token,
    );
  });
});

describe('Built-in auth mailing by SMTP, with AUTO_ROLE=teacher', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, AUTO_ROLE: 'teacher', DEMO: '0' } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('delivers the confirmation mail to the SMTP server and grants the role on confirmation', async () => {
    const email = 'smtp.neu@schule.example';
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: json,
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const mail = await sink.waitFor(email);
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.raw).toMatch(/^Subject: /m);
    const link = linksIn(mail.raw).find((l) => l.includes('/auth/v1/verify'));
    expect(link).toBeDefined();
    expect(existsSync(path.join(t.app.config.DATA_DIR, 'outbox'))).toBe(false);

    const url = new URL(link!);
    const verified = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(verified.statusCode).toBe(303);
    const location = new URL(verified.headers.location as string);
    const token = new URLSearchParams(location.hash.slice(1)).get('access_token') ?? '';
    expect(decodeJwt(token)).toMatchObject({ email, user_role: 'teacher' });
  });
});
