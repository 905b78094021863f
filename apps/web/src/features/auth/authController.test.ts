import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { asAuthClient, authError, createStubAuthClient, fakeSession } from '../../test/authStub';
import { createAuthController } from './authController';
import { connectAuth } from './connectAuth';

function controllerFor(stub = createStubAuthClient()) {
  const load = vi.fn(() => Promise.resolve(asAuthClient(stub)));
  return { auth: createAuthController(load), load, stub };
}

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('The auth controller (PRODUCT.md §4 "Session")', () => {
  it('loads the client once, on first need', async () => {
    const { auth, load } = controllerFor();
    expect(load).not.toHaveBeenCalled();
    expect(await auth.accessToken()).toBeNull();

    await Promise.all([auth.getState(), auth.getState(), auth.client()]);

    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads role and user from the stored session', async () => {
    const { auth } = controllerFor(createStubAuthClient(fakeSession({ role: 'organization_member' })));

    const state = await auth.getState();

    expect(state.role).toBe('organization_member');
    expect(state.session?.user?.email).toBe('lehrkraft@schule.de');
    expect(await auth.accessToken()).toBe(state.session?.accessToken);
  });

  it('follows supabase-js events: a removed session (failed refresh, sign-out elsewhere) means signed out', async () => {
    const { auth, stub } = controllerFor(createStubAuthClient(fakeSession({ role: 'teacher' })));
    await auth.getState();

    stub.emit('SIGNED_OUT', null);

    expect(auth.peek()).toEqual({ session: null, role: null });
  });

  it('spends a callback code only once, however often it is asked', async () => {
    const stub = createStubAuthClient();
    stub.answers.exchangeCodeForSession.mockResolvedValue({
      data: { session: fakeSession({ role: 'teacher' }), user: null },
      error: null,
    });
    const { auth } = controllerFor(stub);

    const results = await Promise.all([
      auth.consumeCallback({ kind: 'code', code: 'c1' }),
      auth.consumeCallback({ kind: 'code', code: 'c1' }),
    ]);

    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(stub.exchangeCodeForSession).toHaveBeenCalledTimes(1);
    expect(auth.peek()?.role).toBe('teacher');
  });

  it('reports a code that cannot be exchanged and keeps an existing session', async () => {
    const stub = createStubAuthClient(fakeSession({ role: 'teacher' }));
    stub.answers.exchangeCodeForSession.mockResolvedValueOnce({
      data: { session: null, user: null },
      error: authError('flow_state_not_found', 404),
    });
    const { auth } = controllerFor(stub);

    expect(await auth.consumeCallback({ kind: 'code', code: 'alt' })).toEqual({ ok: false });
    expect(auth.peek()?.role).toBe('teacher');
  });

  it('picks up a role granted meanwhile by refreshing the token', async () => {
    const stub = createStubAuthClient(fakeSession({ role: null }));
    stub.answers.refreshSession.mockResolvedValueOnce({
      data: { session: fakeSession({ role: 'teacher', tokenSuffix: 'neu' }), user: null },
      error: null,
    });
    const { auth } = controllerFor(stub);
    expect((await auth.getState()).role).toBeNull();

    expect((await auth.refresh()).role).toBe('teacher');
  });

  it('renews a refused access token with one refresh for concurrent callers', async () => {
    const stub = createStubAuthClient(fakeSession({ role: 'teacher' }));
    const renewed = fakeSession({ role: 'teacher', tokenSuffix: 'neu' });
    stub.answers.refreshSession.mockResolvedValueOnce({
      data: { session: renewed, user: null },
      error: null,
    });
    const { auth } = controllerFor(stub);
    await auth.getState();
    const before = await auth.accessToken();

    const tokens = await Promise.all([auth.accessToken({ renew: true }), auth.accessToken({ renew: true })]);

    expect(stub.refreshSession).toHaveBeenCalledTimes(1);
    expect(tokens).toEqual([renewed.access_token, renewed.access_token]);
    expect(tokens[0]).not.toBe(before);
    expect(await auth.accessToken()).toBe(renewed.access_token);
  });

  it('answers no token when the refresh is refused', async () => {
    const stub = createStubAuthClient(fakeSession({ role: 'teacher' }));
    stub.answers.refreshSession.mockResolvedValueOnce({
      data: { session: null, user: null },
      error: authError('refresh_token_not_found'),
    });
    const { auth } = controllerFor(stub);
    await auth.getState();

    expect(await auth.accessToken({ renew: true })).toBeNull();
  });

  it('signs out locally and only once for concurrent calls', async () => {
    const { auth, stub } = controllerFor(createStubAuthClient(fakeSession({ role: 'teacher' })));
    await auth.getState();

    await Promise.all([auth.signOut(), auth.signOut()]);

    expect(stub.signOut).toHaveBeenCalledTimes(1);
    expect(stub.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(auth.peek()?.session).toBeNull();
  });
});

describe('connectAuth', () => {
  it('drops cached data of the previous user and re-runs the guards', async () => {
    const { auth, stub } = controllerFor(createStubAuthClient(fakeSession({ role: 'teacher' })));
    const queryClient = new QueryClient();
    queryClient.setQueryData(['config'], { kept: true });
    queryClient.setQueryData(['classes'], ['k1']);
    const router = { invalidate: vi.fn(() => Promise.resolve()) };
    connectAuth(auth, router, queryClient);
    await auth.getState();

    stub.emit('SIGNED_OUT', null);
    await nextTick();

    expect(queryClient.getQueryData(['classes'])).toBeUndefined();
    expect(queryClient.getQueryData(['config'])).toEqual({ kept: true });
    expect(router.invalidate).toHaveBeenCalledTimes(1);
  });

  it('ignores a refreshed token of the same user and role', async () => {
    const { auth, stub } = controllerFor(createStubAuthClient(fakeSession({ role: 'teacher' })));
    const queryClient = new QueryClient();
    queryClient.setQueryData(['classes'], ['k1']);
    const router = { invalidate: vi.fn(() => Promise.resolve()) };
    connectAuth(auth, router, queryClient);
    await auth.getState();

    stub.emit('TOKEN_REFRESHED', fakeSession({ role: 'teacher', tokenSuffix: 'x' }));
    await nextTick();

    expect(queryClient.getQueryData(['classes'])).toEqual(['k1']);
    expect(router.invalidate).not.toHaveBeenCalled();
  });
});

describe('The auth controller with a stored session', () => {
  const stored = () => {
    const session = fakeSession({ role: 'teacher' });
    return {
      accessToken: session.access_token,
      expiresAt: session.expires_at!,
      user: { id: session.user.id, email: session.user.email ?? null, metadata: null },
    };
  };

  it('decides the first page from storage, without loading supabase-js, and sends that token', async () => {
    const load = vi.fn(() => Promise.resolve(asAuthClient(createStubAuthClient())));
    const session = stored();
    const auth = createAuthController(load, { storedSession: () => session });

    const state = await auth.getState();

    expect(state.role).toBe('teacher');
    expect(state.session?.user?.id).toBe(session.user.id);
    expect(await auth.accessToken()).toBe(session.accessToken);
    expect(load).not.toHaveBeenCalled();
  });

  it('asks supabase-js when nothing usable is stored, and for a renewal', async () => {
    const stub = createStubAuthClient(fakeSession({ role: 'teacher', tokenSuffix: 'js' }));
    const load = vi.fn(() => Promise.resolve(asAuthClient(stub)));
    const auth = createAuthController(load, { storedSession: () => null });
    expect((await auth.getState()).role).toBe('teacher');
    expect(load).toHaveBeenCalledTimes(1);

    const fromStorage = createAuthController(load, { storedSession: stored });
    await fromStorage.getState();
    stub.answers.refreshSession.mockResolvedValueOnce({
      data: { session: fakeSession({ role: 'teacher', tokenSuffix: 'neu' }), user: null },
      error: null,
    });
    const renewed = await fromStorage.accessToken({ renew: true });
    expect(renewed).not.toBe(stored().accessToken);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('The auth controller when another tab changed the stored session', () => {
  it('hands the request to supabase-js once the cookie no longer holds the token it started with', async () => {
    const first = fakeSession({ role: 'teacher', tokenSuffix: 'a' });
    const stub = createStubAuthClient(fakeSession({ role: 'teacher', tokenSuffix: 'b' }));
    const load = vi.fn(() => Promise.resolve(asAuthClient(stub)));
    let cookie: { accessToken: string; expiresAt: number; user: null } | null = {
      accessToken: first.access_token,
      expiresAt: first.expires_at!,
      user: null,
    };
    const auth = createAuthController(load, { storedSession: () => cookie });
    await auth.getState();
    expect(await auth.accessToken()).toBe(first.access_token);

    cookie = null; // signed out (or refreshed) in another tab
    const token = await auth.accessToken();

    expect(load).toHaveBeenCalledTimes(1);
    expect(token).not.toBe(first.access_token);
  });
});
