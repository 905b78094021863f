import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { linksIn, plainText } from '../../../tests/fixtures/smtp-sink';
import { userRoles } from '../src/db/schema';
import { issueSessionForUser, mintServiceRoleToken } from '../src/local-auth';
import { authSessions, authUsers } from '../src/local-auth/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';

// supabase-js itself against the built-in /auth/v1 on a loopback port: accounts without a hosted service
// (ADR 005).

const PASSWORD = 'Klassen2026Zimmer';
const NEW_PASSWORD = 'Tafel2027Kreide';

/** Realtime is not used here; Node 20 has no global WebSocket for supabase-js to find. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in these tests');
  }
}

/** supabase-js as the web app configures it, minus storage and background refresh. */
export function authClient(url: string, key: string, options: { flowType?: 'implicit' | 'pkce' } = {}) {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...options },
    realtime: { transport: NoWebSocket as never },
  });
}

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@schule.example`;

describe.each(drivers)('Built-in auth (GoTrue-compatible) on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let publicUrl: string;
  let serviceKey: string;
  let admin: SupabaseClient;

  const client = (options: { flowType?: 'implicit' | 'pkce' } = {}) => authClient(base, 'local', options);

  /** The newest mail to `to` in DATA_DIR/outbox, decoded, with its links pointed at the listening app. */
  async function lastMail(to: string): Promise<{ subject: string; text: string; link: string; otp: string }> {
    const dir = path.join(t.app.config.DATA_DIR, 'outbox');
    const files = (await readdir(dir)).filter((f) => f.endsWith(`-${to}.eml`)).sort();
    const file = files.at(-1);
    if (!file) throw new Error(`no mail to ${to}`);
    const raw = await readFile(path.join(dir, file), 'utf8');
    const link = linksIn(raw).find((l) => l.includes('/auth/v1/verify'));
    if (!link) throw new Error('no verify link');
    const subject = /^Subject: (.*(?:\r?\n .*)*)/m.exec(raw)?.[1] ?? '';
    return {
      subject: decodeHeader(subject),
      text: plainText(raw),
      link: link.replace(publicUrl, base),
      otp: /Code eingeben: (\d{6})/.exec(plainText(raw))?.[1] ?? '',
    };
  }

  async function mailCount(to: string): Promise<number> {
    const dir = path.join(t.app.config.DATA_DIR, 'outbox');
    return (await readdir(dir).catch(() => [])).filter((f) => f.endsWith(`-${to}.eml`)).length;
  }

  /** Follows a mail link without following the redirect; answers the Location. */
  async function open(link: string): Promise<URL> {
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location') ?? '');
  }

  async function confirmedUser(email = uniqueEmail('user'), password = PASSWORD) {
    const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
    expect(error).toBeNull();
    return { id: data.user!.id, email, password };
  }

  async function signedIn(email: string, password = PASSWORD) {
    const supabase = client();
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return { supabase, session: data.session! };
  }

  beforeAll(async () => {
    t = await createTestApp({ driver });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    publicUrl = t.app.config.PUBLIC_URL;
    serviceKey = await mintServiceRoleToken(t.app.config);
    admin = authClient(base, serviceKey);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
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

  it('Refreshing rotates the refresh token and picks up a newly granted role', async () => {
    const user = await confirmedUser();
    const { supabase, session } = await signedIn(user.email);

    const first = await supabase.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    expect(first.data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(first.data.session!.access_token).session_id).toBe(
      decodeJwt(session.access_token).session_id,
    );

    await t.app.db.insert(userRoles).values({ user_id: user.id, role: 'teacher' });
    const second = await supabase.auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(decodeJwt(second.data.session!.access_token).user_role).toBe('teacher');

    await t.app.db.insert(userRoles).values({ user_id: user.id, role: 'organization_member' });
    const third = await supabase.auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
    expect(decodeJwt(third.data.session!.access_token).user_role).toBe('organization_member');

    // A fresh sign-in carries the role from the start.
    const { session: again } = await signedIn(user.email);
    expect(decodeJwt(again.access_token).user_role).toBe('organization_member');
  });

  it('A reused refresh token gets the current one within 10 s and ends the session after that', async () => {
    const user = await confirmedUser();
    const { supabase, session } = await signedIn(user.email);
    const rotated = await supabase.auth.refreshSession({ refresh_token: session.refresh_token });
    const current = rotated.data.session!;

    // A client that lost the response retries with the old token: it gets the already issued child.
    const retried = await supabase.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(retried.error).toBeNull();
    expect(retried.data.session!.refresh_token).toBe(current.refresh_token);

    // Eleven seconds later the same replay looks like theft: the whole session is revoked.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11_000);
    const replay = await supabase.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 });
    const child = await supabase.auth.refreshSession({ refresh_token: current.refresh_token });
    expect(child.error).toMatchObject({ code: 'refresh_token_not_found' });
    const me = await supabase.auth.getUser(current.access_token);
    expect(me.error?.name).toBe('AuthSessionMissingError');
    const [row] = await t.app.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, String(decodeJwt(current.access_token).session_id)));
    expect(row).toBeUndefined();
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

  it('Signing out ends this, the other or all sessions', async () => {
    const user = await confirmedUser();
    const [a, b, c] = [await signedIn(user.email), await signedIn(user.email), await signedIn(user.email)];
    const refresh = (x: typeof a) => client().auth.refreshSession({ refresh_token: x.session.refresh_token });

    expect((await b.supabase.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await refresh(b)).error).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await refresh(a)).error).toBeNull();

    expect((await c.supabase.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await client().auth.getUser(a.session.access_token)).error?.name).toBe('AuthSessionMissingError');
    const stillIn = await c.supabase.auth.getUser();
    expect(stillIn.data.user?.id).toBe(user.id);

    expect((await c.supabase.auth.signOut()).error).toBeNull();
    expect((await refresh(c)).error).toMatchObject({ code: 'refresh_token_not_found' });
    const left = await t.app.db.select().from(authSessions).where(eq(authSessions.user_id, user.id));
    expect(left).toEqual([]);
  });

  it('A forgotten password is reset through the mailed link, which works once', async () => {
    const user = await confirmedUser();
    const supabase = client();
    expect((await supabase.auth.resetPasswordForEmail(user.email)).error).toBeNull();
    const mail = await lastMail(user.email);
    expect(mail.subject).toBe('Passwort für Klassenzimmer zurücksetzen');

    const landing = await open(mail.link);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${publicUrl}/update-password`);
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const set = await supabase.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(set.error).toBeNull();
    expect(decodeJwt(set.data.session!.access_token).amr).toMatchObject([{ method: 'recovery' }]);
    expect((await supabase.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    await signedIn(user.email, NEW_PASSWORD);

    const used = await open(mail.link);
    expect(used.searchParams.get('error_code')).toBe('otp_expired');
    expect(`${used.origin}${used.pathname}`).toBe(`${publicUrl}/update-password`);

    // Asking again within a minute is refused; an unknown address is answered alike without a mail.
    const soon = await supabase.auth.resetPasswordForEmail(user.email);
    expect(soon.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
    const nobody = uniqueEmail('nobody');
    expect((await supabase.auth.resetPasswordForEmail(nobody)).error).toBeNull();
    expect(await mailCount(nobody)).toBe(0);
  });

  it('With PKCE the link carries a code that the same client exchanges for a session', async () => {
    const supabase = client({ flowType: 'pkce' });
    const email = uniqueEmail('pkce');
    const redirect = `${publicUrl}/email-confirmed?from=mail`;
    const { error } = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: redirect },
    });
    expect(error).toBeNull();
    const mail = await lastMail(email);
    expect(new URL(mail.link).searchParams.get('token')).toMatch(/^pkce_/);

    const landing = await open(mail.link);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${publicUrl}/email-confirmed`);
    expect(landing.searchParams.get('from')).toBe('mail');
    const code = landing.searchParams.get('code') ?? '';
    expect(landing.hash).toBe('');
    const exchanged = await supabase.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);

    // A code works once; a foreign redirect_to is replaced by the app's page.
    const twice = await client().auth.exchangeCodeForSession(code);
    expect(twice.error).toBeTruthy();
    const recovery = await client({ flowType: 'pkce' }).auth.resetPasswordForEmail(email, {
      redirectTo: 'https://evil.example/steal',
    });
    expect(recovery.error).toBeNull();
    const recoveryMail = await lastMail(email);
    expect(new URL(recoveryMail.link).searchParams.get('redirect_to')).toBe(`${publicUrl}/update-password`);
  });

  it('Magic links, six-digit codes and token hashes sign in', async () => {
    const user = await confirmedUser();
    const supabase = client();
    expect((await supabase.auth.signInWithOtp({ email: user.email })).error).toBeNull();
    const mail = await lastMail(user.email);
    expect(mail.subject).toBe('Dein Anmeldelink für Klassenzimmer');
    const verified = await supabase.auth.verifyOtp({ email: user.email, token: mail.otp, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(user.id);
    // The code was the link's: the link is used up now.
    expect((await open(mail.link)).searchParams.get('error_code')).toBe('otp_expired');

    const generated = await admin.auth.admin.generateLink({ type: 'magiclink', email: user.email });
    expect(generated.error).toBeNull();
    expect(generated.data.properties?.verification_type).toBe('magiclink');
    const byHash = await supabase.auth.verifyOtp({
      token_hash: generated.data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(byHash.error).toBeNull();
    const reused = await supabase.auth.verifyOtp({
      token_hash: generated.data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(reused.error).toMatchObject({ code: 'otp_expired', status: 403 });

    // A new address signs up through the magic link unless create_user is false.
    const stranger = uniqueEmail('stranger');
    expect(
      (await supabase.auth.signInWithOtp({ email: stranger, options: { shouldCreateUser: false } })).error,
    ).toBeNull();
    expect(await mailCount(stranger)).toBe(0);
    expect((await supabase.auth.signInWithOtp({ email: stranger })).error).toBeNull();
    const welcome = await lastMail(stranger);
    expect(welcome.subject).toBe('Bitte bestätige deine E-Mail-Adresse für Klassenzimmer');
    const landing = await open(welcome.link);
    expect(new URLSearchParams(landing.hash.slice(1)).get('access_token')).toBeTruthy();
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

  it('An invited person accepts through the mailed link', async () => {
    const email = uniqueEmail('invited');
    const invited = await admin.auth.admin.inviteUserByEmail(email, { data: { invited_by: 'Schulleitung' } });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Du wurdest zu Klassenzimmer eingeladen');
    const landing = await open(mail.link);
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    expect(decodeJwt(fragment.get('access_token') ?? '').user_metadata).toEqual({
      invited_by: 'Schulleitung',
    });
    const again = await admin.auth.admin.inviteUserByEmail(email);
    expect(again.error).toMatchObject({ code: 'email_exists' });
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

function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n /g, '')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_m, text: string) =>
      Buffer.from(
        text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .trim();
}
