import type { SupabaseClient } from '@supabase/supabase-js';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/db/schema';
import { issueSessionForUser } from '../src/local-auth';
import { authSessions, authUsers } from '../src/local-auth/schema';
import type { TestApp } from './helpers/app';
import {
  authClient,
  type ClientOptions,
  createConfirmedUser,
  listening,
  NEW_PASSWORD,
  newestMail,
  open,
  outboxCount,
  PASSWORD,
  passwordSession,
  uniqueEmail,
} from './helpers/auth-client';
import { drivers } from './helpers/database';

// supabase-js itself against the built-in /auth/v1 on a loopback port: accounts without a hosted service
// (ADR 005) — signing up and in, passwords, the admin API and what the app gets from the built-in auth.
// The other mailed links: local-auth-links.test.ts; refreshing and signing out: local-auth-sessions.test.ts.

describe.each(drivers)('Built-in auth (GoTrue-compatible) on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let publicUrl: string;
  let admin: SupabaseClient;

  const client = (options: ClientOptions = {}) => authClient(base, 'local', options);
  const lastMail = (to: string) => newestMail(t, base, to);
  const mailCount = (to: string) => outboxCount(t, to);
  const confirmedUser = (email?: string, password?: string) => createConfirmedUser(admin, email, password);
  const signedIn = (email: string, password?: string) => passwordSession(base, email, password);

  beforeAll(async () => {
    ({ t, base, admin } = await listening(driver));
    publicUrl = t.app.config.PUBLIC_URL;
  });
  afterAll(async () => {
    await t.close();
  });

  it('An account made with a password (sign-up, admin API) is marked has_password', async () => {
    // The registration dialog then does not ask for a password again (PRODUCT.md §2).
    const email = uniqueEmail('Script.Made');
    const { data, error } = await client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { x: 1 } },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ x: 1, has_password: true });
    const [row] = await t.app.db
      .select({ meta: authUsers.raw_user_meta_data })
      .from(authUsers)
      .where(eq(authUsers.email, email.toLowerCase()));
    expect(row?.meta).toEqual({ x: 1, has_password: true });

    const made = await admin.auth.admin.createUser({ email: uniqueEmail('Admin.Pw'), password: PASSWORD });
    expect(made.data.user?.user_metadata).toEqual({ has_password: true });
    const invited = await admin.auth.admin.createUser({ email: uniqueEmail('Admin.NoPw') });
    expect(invited.data.user?.user_metadata).toEqual({});
  });

  it('A new teacher signs up, confirms the mailed link and signs in', async () => {
    const supabase = client();
    const email = uniqueEmail('Anna.Neu');
    const { data, error } = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { x: 1 } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email: email.toLowerCase(), user_metadata: { x: 1 } });
    expect(data.user?.identities).toHaveLength(1);

    const early = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({ code: 'email_not_confirmed', status: 400 });

    const mail = await lastMail(email.toLowerCase());
    expect(mail.subject).toBe('Bitte bestätige deine E-Mail-Adresse für Klassenzimmer');
    expect(mail.text).toContain('Hallo,');
    expect(mail.otp).toMatch(/^\d{6}$/);
    const link = new URL(mail.link);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${publicUrl}/email-confirmed`);

    const landing = await open(mail.link);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${publicUrl}/email-confirmed`);
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('refresh_token')).toBeTruthy();
    expect(decodeJwt(fragment.get('access_token') ?? '')).toMatchObject({ email: email.toLowerCase() });

    const signIn = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: signIn.data.user!.id,
      email: email.toLowerCase(),
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      iss: `${publicUrl}/auth/v1`,
      user_metadata: { x: 1 },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.session_id).toEqual(expect.any(String));
    expect(claims.amr).toMatchObject([{ method: 'password' }]);
    expect(claims.amr).toHaveLength(1);
    expect(claims.exp! - claims.iat!).toBe(3600);
    // No role yet: waitlist.
    expect(claims).not.toHaveProperty('user_role');
    expect(signIn.data.user?.email_confirmed_at).toBeTruthy();

    // The link works once; afterwards the SPA gets GoTrue's otp_expired error.
    const again = await open(mail.link);
    for (const params of [again.searchParams, new URLSearchParams(again.hash.slice(1))]) {
      expect(params.get('error')).toBe('access_denied');
      expect(params.get('error_code')).toBe('otp_expired');
      expect(params.get('error_description')).toBe('Email link is invalid or has expired');
    }

    // Neither the link token nor session tokens reach the log.
    const logs = JSON.stringify(t.logs);
    expect(logs).not.toContain(link.searchParams.get('token'));
    expect(logs).not.toContain(session.refresh_token);
    expect(logs).not.toContain(session.access_token);
    expect(logs).toContain('/auth/v1/verify?token=[redacted]');
  });

  it('Signing up again with a confirmed address reveals nothing and sends no mail', async () => {
    const { email } = await confirmedUser();
    const before = await mailCount(email);
    const { data, error } = await client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.session).toBeNull();
    expect(await mailCount(email)).toBe(before);
  });

  it('Weak passwords are refused with the reasons GoTrue reports', async () => {
    const supabase = client();
    const cases: Array<[string, string[]]> = [
      ['kurz', ['length', 'characters']],
      ['nurkleinbuchstaben1', ['characters']],
      ['Password1', ['pwned']],
      ['Qwerty123', ['pwned']],
    ];
    for (const [password, reasons] of cases) {
      const { error } = await supabase.auth.signUp({ email: uniqueEmail('weak'), password });
      expect(error, password).toMatchObject({
        name: 'AuthWeakPasswordError',
        code: 'weak_password',
        status: 422,
      });
      expect((error as unknown as { reasons: string[] }).reasons, password).toEqual(reasons);
    }

    // The wire format, for a client that names the API version and for one that does not.
    const body = JSON.stringify({ email: uniqueEmail('weak'), password: 'Password1' });
    const headers = { 'content-type': 'application/json' };
    const v2024 = await fetch(`${base}/auth/v1/signup`, {
      method: 'POST',
      headers: { ...headers, 'x-supabase-api-version': '2024-01-01' },
      body,
    });
    expect(v2024.status).toBe(422);
    expect(v2024.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await v2024.json()).toEqual({
      code: 'weak_password',
      message: 'Password is known to be weak and easy to guess, please choose a different one.',
      weak_password: { reasons: ['pwned'] },
    });
    const legacy = await fetch(`${base}/auth/v1/signup`, { method: 'POST', headers, body });
    expect(await legacy.json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password is known to be weak and easy to guess, please choose a different one.',
      weak_password: { reasons: ['pwned'] },
    });
  });

  it('Wrong password and unknown address get the same invalid_credentials answer', async () => {
    const { email } = await confirmedUser();
    const supabase = client();
    const wrong = await supabase.auth.signInWithPassword({ email, password: 'Falsch2026Passwort' });
    const unknown = await supabase.auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({
        code: 'invalid_credentials',
        status: 400,
        message: 'Invalid login credentials',
      });
    }
  });

  it('A user sets the registration flags and changes the password', async () => {
    const user = await confirmedUser();
    const { supabase } = await signedIn(user.email);

    const pending = await supabase.auth.updateUser({ data: { registration_pending: true, first: 'Anna' } });
    expect(pending.error).toBeNull();
    expect(pending.data.user?.user_metadata).toMatchObject({ registration_pending: true, first: 'Anna' });
    const done = await supabase.auth.updateUser({
      data: {
        registration_pending: false,
        registration_completed: true,
        profile_setup_done: true,
        first: null,
      },
    });
    expect(done.data.user?.user_metadata).toEqual({
      has_password: true,
      registration_pending: false,
      registration_completed: true,
      profile_setup_done: true,
    });

    const same = await supabase.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ code: 'same_password', status: 422 });
    const weak = await supabase.auth.updateUser({ password: 'Password1' });
    expect(weak.error).toMatchObject({ code: 'weak_password' });

    const changed = await supabase.auth.updateUser({ password: NEW_PASSWORD, data: { has_password: true } });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.user_metadata).toMatchObject({ has_password: true });
    const old = await client().auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect(old.error).toMatchObject({ code: 'invalid_credentials' });
    const { session } = await signedIn(user.email, NEW_PASSWORD);
    expect(decodeJwt(session.access_token).user_metadata).toMatchObject({ has_password: true });
  });

  it('The admin API needs a service-role token and manages users', async () => {
    const email = uniqueEmail('Admin.Made');
    const created = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { registration_completed: true },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({
      email: email.toLowerCase(),
      user_metadata: { registration_completed: true },
    });
    const duplicate = await admin.auth.admin.createUser({ email, password: PASSWORD });
    expect(duplicate.error).toMatchObject({ code: 'email_exists', status: 422 });

    const page = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    expect(page.data.users[0]?.id).toBe(id);
    expect((page.data as unknown as { total: number }).total).toBeGreaterThan(2);
    expect((page.data as unknown as { nextPage: number }).nextPage).toBe(2);

    const fetched = await admin.auth.admin.getUserById(id);
    expect(fetched.data.user?.email).toBe(email.toLowerCase());
    const updated = await admin.auth.admin.updateUserById(id, {
      user_metadata: { profile_setup_done: true },
    });
    expect(updated.data.user?.user_metadata).toEqual({
      registration_completed: true,
      profile_setup_done: true,
      has_password: true,
    });

    // Without the service role: 401 without a token, 403 for a user's token.
    const anon = await client().auth.admin.listUsers();
    expect(anon.error?.status).toBe(403);
    const { session } = await signedIn(email);
    const asUser = authClient(base, session.access_token);
    expect((await asUser.auth.admin.listUsers()).error).toMatchObject({ code: 'not_admin', status: 403 });
    const bare = await fetch(`${base}/auth/v1/admin/users`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error_code: 'no_authorization' });

    // Deleting removes the user, their sessions and their roles.
    await t.app.db.insert(userRoles).values({ user_id: id, role: 'teacher' });
    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
    expect((await admin.auth.admin.getUserById(id)).error).toMatchObject({
      code: 'user_not_found',
      status: 404,
    });
    expect(await t.app.db.select().from(userRoles).where(eq(userRoles.user_id, id))).toEqual([]);
    expect(await t.app.db.select().from(authSessions).where(eq(authSessions.user_id, id))).toEqual([]);
    expect((await client().auth.refreshSession({ refresh_token: session.refresh_token })).error).toBeTruthy();
  });

  it('A soft-deleted user cannot sign in and the address is free again', async () => {
    const user = await confirmedUser();
    expect((await admin.auth.admin.deleteUser(user.id, true)).error).toBeNull();
    const [row] = await t.app.db.select().from(authUsers).where(eq(authUsers.id, user.id));
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.email).not.toBe(user.email);
    expect((await client().auth.signInWithPassword(user)).error).toMatchObject({
      code: 'invalid_credentials',
    });
    const again = await client().auth.signUp({ email: user.email, password: PASSWORD });
    expect(again.data.user?.identities).toHaveLength(1);
  });

  it('The app gets AuthAdmin, demo sessions and GoTrue settings from the built-in auth', async () => {
    const email = uniqueEmail('student');
    const student = await t.app.authAdmin.createUser({
      email,
      password: PASSWORD,
      userMetadata: { kind: 'student' },
    });
    expect(student).toMatchObject({ email, userMetadata: { kind: 'student' }, lastSignInAt: null });
    expect(student.emailConfirmedAt).not.toBeNull();
    expect(await t.app.authAdmin.getUserByEmail(email.toUpperCase())).toEqual(student);
    expect(await t.app.authAdmin.getUserById(student.id)).toEqual(student);
    expect(await t.app.authAdmin.getUserById('not-a-uuid')).toBeNull();
    expect((await t.app.authAdmin.listUsers()).map((u) => u.id)).toContain(student.id);
    await expect(t.app.authAdmin.createUser({ email, password: PASSWORD })).rejects.toMatchObject({
      code: 'email_exists',
    });
    await expect(t.app.authAdmin.updatePassword(student.id, 'Password1')).rejects.toMatchObject({
      code: 'weak_password',
      reasons: ['pwned'],
    });
    await t.app.authAdmin.updatePassword(student.id, NEW_PASSWORD);
    await signedIn(email, NEW_PASSWORD);
    await t.app.authAdmin.sendPasswordReset(email);
    expect((await lastMail(email)).subject).toBe('Passwort für Klassenzimmer zurücksetzen');
    await t.app.authAdmin.sendPasswordReset(uniqueEmail('unknown'));

    const demo = await issueSessionForUser(t.app, student.id);
    const set = await client().auth.setSession(demo);
    expect(set.data.user?.id).toBe(student.id);

    await t.app.db.insert(userRoles).values({ user_id: student.id, role: 'teacher' });
    await t.app.authAdmin.deleteUser(student.id);
    expect(await t.app.authAdmin.getUserById(student.id)).toBeNull();
    expect(
      await t.app.db
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.user_id, student.id))),
    ).toEqual([]);

    const settings = await fetch(`${base}/auth/v1/settings`);
    expect(await settings.json()).toMatchObject({ external: { email: true }, mailer_autoconfirm: false });
    const noToken = await client().auth.getUser();
    expect(noToken.error?.name).toBe('AuthSessionMissingError');
    const badToken = await client().auth.getUser('not.a.jwt');
    expect(badToken.error).toMatchObject({ code: 'bad_jwt', status: 403 });
  });
});
