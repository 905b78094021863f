import type { SupabaseClient } from '@supabase/supabase-js';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/db/schema';
import { authSessions } from '../src/local-auth/schema';
import type { TestApp } from './helpers/app';
import { authClient, listening, outboxCount, PASSWORD, uniqueEmail } from './helpers/auth-client';
import { drivers } from './helpers/database';

// supabase-js against the built-in /auth/v1 in the configurations Supabase Auth offers: autoconfirm, closed
// registration, and GoTrue's answers on paths and inputs outside the happy path (ADR 015).

describe.each(drivers)('Auth parity with Supabase Auth on %s', (driver) => {
  describe('AUTH_AUTOCONFIRM=1', () => {
    let t: TestApp;
    let base: string;
    beforeAll(async () => {
      ({ t, base } = await listening(driver, { AUTH_AUTOCONFIRM: '1', AUTO_ROLE: 'teacher' }));
    });
    afterAll(async () => {
      await t.close();
    });

    it('Sign-up answers a session at once, grants AUTO_ROLE and sends no mail', async () => {
      const supabase = authClient(base, 'local');
      const email = uniqueEmail('sofort');
      const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD });
      expect(error).toBeNull();
      expect(data.session).not.toBeNull();
      expect(data.user?.email_confirmed_at).toBeTruthy();
      expect(decodeJwt(data.session!.access_token)).toMatchObject({ email, user_role: 'teacher' });
      const roles = await t.app.db.select().from(userRoles).where(eq(userRoles.user_id, data.user!.id));
      expect(roles.map((r) => r.role)).toEqual(['teacher']);
      expect(await outboxCount(t, email)).toBe(0);

      const { error: signInError } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
      expect(signInError).toBeNull();
    });

    it('A taken address is refused with user_already_exists', async () => {
      const email = uniqueEmail('doppelt');
      await authClient(base, 'local').auth.signUp({ email, password: PASSWORD });
      const { error } = await authClient(base, 'local').auth.signUp({ email, password: PASSWORD });
      expect(error).toMatchObject({ status: 422, code: 'user_already_exists' });
    });

    it('/settings reports mailer_autoconfirm', async () => {
      const settings = (await (await fetch(`${base}/auth/v1/settings`)).json()) as Record<string, unknown>;
      expect(settings).toMatchObject({ mailer_autoconfirm: true, disable_signup: false });
    });
  });

  describe('AUTH_DISABLE_SIGNUP=1', () => {
    let t: TestApp;
    let base: string;
    let admin: SupabaseClient;
    beforeAll(async () => {
      ({ t, base, admin } = await listening(driver, { AUTH_DISABLE_SIGNUP: '1' }));
    });
    afterAll(async () => {
      await t.close();
    });

    it('Sign-up is refused with signup_disabled and creates nobody', async () => {
      const email = uniqueEmail('zu');
      const { data, error } = await authClient(base, 'local').auth.signUp({ email, password: PASSWORD });
      expect(error).toMatchObject({
        status: 422,
        code: 'signup_disabled',
        message: 'Signups not allowed for this instance',
      });
      expect(data.user).toBeNull();
      const { data: list } = await admin.auth.admin.listUsers();
      expect(list.users.map((u) => u.email)).not.toContain(email);
    });

    it('A magic link for an unknown address is refused as GoTrue refuses it; known users still get one', async () => {
      const supabase = authClient(base, 'local');
      const unknown = await supabase.auth.signInWithOtp({ email: uniqueEmail('fremd') });
      expect(unknown.error).toMatchObject({
        status: 422,
        code: 'otp_disabled',
        message: 'Signups not allowed for otp',
      });
      const email = uniqueEmail('bekannt');
      await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
      expect(await outboxCount(t, email)).toBe(1);
    });

    it('Invited and admin-created accounts still work', async () => {
      const created = uniqueEmail('angelegt');
      expect(
        (await admin.auth.admin.createUser({ email: created, password: PASSWORD, email_confirm: true }))
          .error,
      ).toBeNull();
      const signIn = await authClient(base, 'local').auth.signInWithPassword({
        email: created,
        password: PASSWORD,
      });
      expect(signIn.error).toBeNull();
      const invited = await admin.auth.admin.inviteUserByEmail(uniqueEmail('eingeladen'));
      expect(invited.error).toBeNull();
    });

    it('/settings reports disable_signup', async () => {
      const settings = (await (await fetch(`${base}/auth/v1/settings`)).json()) as Record<string, unknown>;
      expect(settings).toMatchObject({ disable_signup: true, mailer_autoconfirm: false });
    });
  });

  describe('AUTH_SECURE_PASSWORD_CHANGE=1', () => {
    let t: TestApp;
    let base: string;
    let admin: SupabaseClient;
    beforeAll(async () => {
      ({ t, base, admin } = await listening(driver, { AUTH_SECURE_PASSWORD_CHANGE: '1' }));
    });
    afterAll(async () => {
      await t.close();
    });

    /** The six-digit code of the newest mail to `to`. */
    async function lastCode(to: string): Promise<string> {
      const dir = path.join(t.app.config.DATA_DIR, 'outbox');
      const file = (await readdir(dir))
        .filter((f) => f.endsWith(`-${to}.eml`))
        .sort()
        .at(-1);
      if (!file) throw new Error(`no mail to ${to}`);
      const raw = await readFile(path.join(dir, file), 'utf8');
      return /Code: (\d{6})/.exec(raw)?.[1] ?? '';
    }

    it('A password change in a session older than a day needs the mailed nonce', async () => {
      const email = uniqueEmail('nonce');
      await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      const supabase = authClient(base, 'local');
      const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
      const sessionId = decodeJwt(data.session!.access_token).session_id as string;
      await supabase.auth.setSession(data.session!);

      // A fresh session changes the password without a nonce, as GoTrue allows.
      expect((await supabase.auth.updateUser({ password: 'Tafel2027Kreide' })).error).toBeNull();

      await t.app.db
        .update(authSessions)
        .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(authSessions.id, sessionId));
      const without = await supabase.auth.updateUser({ password: 'Heft2028Mappe' });
      expect(without.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });

      expect((await supabase.auth.reauthenticate()).error).toBeNull();
      const nonce = await lastCode(email);
      expect(nonce).toMatch(/^\d{6}$/);
      const wrong = await supabase.auth.updateUser({
        password: 'Heft2028Mappe',
        nonce: nonce === '000000' ? '111111' : '000000',
      });
      expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
      expect((await supabase.auth.updateUser({ password: 'Heft2028Mappe', nonce })).error).toBeNull();
      // The nonce works once.
      const again = await supabase.auth.updateUser({ password: 'Zirkel2029Lineal', nonce });
      expect(again.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });

      const signIn = await authClient(base, 'local').auth.signInWithPassword({
        email,
        password: 'Heft2028Mappe',
      });
      expect(signIn.error).toBeNull();
    });

    it('GET /reauthenticate needs a signed-in user', async () => {
      const res = await fetch(`${base}/auth/v1/reauthenticate`);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error_code: 'no_authorization' });
    });
  });

  describe('default configuration', () => {
    let t: TestApp;
    let base: string;
    let serviceKey: string;
    let admin: SupabaseClient;
    beforeAll(async () => {
      ({ t, base, serviceKey, admin } = await listening(driver));
    });
    afterAll(async () => {
      await t.close();
    });

    it('/settings reports confirmation required and sign-up open', async () => {
      const settings = (await (await fetch(`${base}/auth/v1/settings`)).json()) as Record<string, unknown>;
      expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: false });
    });

    it('An unknown path answers 404 not_found in GoTrue’s shape', async () => {
      const res = await fetch(`${base}/auth/v1/gibt-es-nicht`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 404, error_code: 'not_found', msg: 'Not Found' });
      const v2024 = await fetch(`${base}/auth/v1/admin/gibt/es/nicht`, {
        headers: { 'x-supabase-api-version': '2024-01-01' },
      });
      expect(v2024.status).toBe(404);
      expect(await v2024.json()).toEqual({ code: 'not_found', message: 'Not Found' });
    });

    it('A known path with another method answers 405', async () => {
      for (const [method, where] of [
        ['DELETE', '/auth/v1/settings'],
        ['POST', '/auth/v1/user'],
        ['PATCH', '/auth/v1/admin/users/00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const res = await fetch(`${base}${where}`, { method });
        expect(res.status, `${method} ${where}`).toBe(405);
        expect(await res.json()).toMatchObject({ code: 405, error_code: 'method_not_allowed' });
      }
    });

    it('A DELETE with a JSON content type and an empty body is accepted', async () => {
      const email = uniqueEmail('weg');
      const { data } = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      const res = await fetch(`${base}/auth/v1/admin/users/${data.user!.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
      });
      expect(res.status).toBe(200);
      expect((await admin.auth.admin.getUserById(data.user!.id)).error).toMatchObject({
        status: 404,
        code: 'user_not_found',
      });
      // A path this auth does not serve (MFA factors) gets GoTrue's 404, not a body parse error.
      const factors = await fetch(`${base}/auth/v1/admin/users/${data.user!.id}/factors/x`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
      });
      expect(factors.status).toBe(404);
      expect(await factors.json()).toMatchObject({ error_code: 'not_found' });
    });

    it('GET /admin/users with a negative page answers 400 as GoTrue does', async () => {
      const { error } = await admin.auth.admin.listUsers({ page: -1 });
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
      const res = await fetch(`${base}/auth/v1/admin/users?page=-1`, {
        headers: { authorization: `Bearer ${serviceKey}` },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 400,
        error_code: 'validation_failed',
        msg: 'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax',
      });
      const perPage = await fetch(`${base}/auth/v1/admin/users?per_page=abc`, {
        headers: { authorization: `Bearer ${serviceKey}` },
      });
      expect(perPage.status).toBe(400);
    });

    it('generateLink for an e-mail change answers as GoTrue with e-mail change off', async () => {
      const email = uniqueEmail('wechsel');
      await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      const current = await admin.auth.admin.generateLink({
        type: 'email_change_current',
        email,
        newEmail: uniqueEmail('neu'),
      });
      expect(current.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Enable secure email change to generate link for current email',
      });
      const next = await admin.auth.admin.generateLink({
        type: 'email_change_new',
        email,
        newEmail: uniqueEmail('neu'),
      });
      expect(next.error).toMatchObject({ status: 422, code: 'validation_failed' });
      const unknown = await admin.auth.admin.generateLink({
        type: 'email_change_new',
        email: uniqueEmail('niemand'),
        newEmail: uniqueEmail('neu'),
      });
      expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' });
      const other = uniqueEmail('belegt');
      await admin.auth.admin.createUser({ email: other, password: PASSWORD, email_confirm: true });
      const taken = await admin.auth.admin.generateLink({ type: 'email_change_new', email, newEmail: other });
      expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
    });
  });
});
