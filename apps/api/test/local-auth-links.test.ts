import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// supabase-js against the built-in /auth/v1 on a loopback port (ADR 005): the mailed links besides the
// sign-up confirmation (local-auth.test.ts) — resetting a forgotten password, PKCE, magic links, six-digit
// codes and token hashes, invitations. Each works once and lands on the app's own page.

describe.each(drivers)('Built-in auth: mailed links on %s', (driver) => {
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
});
