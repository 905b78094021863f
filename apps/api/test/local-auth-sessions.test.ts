import type { SupabaseClient } from '@supabase/supabase-js';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userRoles } from '../src/db/schema';
import { authSessions } from '../src/local-auth/schema';
import type { TestApp } from './helpers/app';
import { authClient, createConfirmedUser, listening, passwordSession } from './helpers/auth-client';
import { drivers } from './helpers/database';

// supabase-js against the built-in /auth/v1 on a loopback port (ADR 005): a session after sign-in —
// refreshing rotates the refresh token and picks up roles, a replayed token ends the session, signing out
// ends this, the other or all sessions.

describe.each(drivers)('Built-in auth: sessions on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let admin: SupabaseClient;

  const client = () => authClient(base, 'local');
  const confirmedUser = (email?: string, password?: string) => createConfirmedUser(admin, email, password);
  const signedIn = (email: string, password?: string) => passwordSession(base, email, password);

  beforeAll(async () => {
    ({ t, base, admin } = await listening(driver));
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
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
});
