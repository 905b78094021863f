import type { UserRole } from '@app/contract';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { vi } from 'vitest';
import type { AuthClient } from '../features/auth';

/**
 * A stand-in for supabase-js' auth client: the outer boundary of the app's auth feature. It keeps one
 * session in memory and reports changes like supabase-js does; each method is a `vi.fn` a test can
 * override (`stub.signInWithPassword.mockResolvedValueOnce(…)`).
 */

function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT with the given claims (the browser never verifies signatures). */
export function fakeAccessToken(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

export const TEST_USER_ID = '11111111-1111-4111-8111-111111111111';

/** A teacher who finished the registration dialog (PRODUCT.md §2): it stays closed. */
export const REGISTERED_METADATA = {
  registration_completed: true,
  profile_setup_done: true,
  has_password: true,
} as const;

export function fakeSession(
  options: {
    role?: UserRole | null;
    email?: string;
    userId?: string;
    tokenSuffix?: string;
    /** The auth user's `user_metadata`; default: registered (REGISTERED_METADATA). */
    userMetadata?: Record<string, unknown>;
  } = {},
): Session {
  const userId = options.userId ?? TEST_USER_ID;
  const email = options.email ?? 'lehrkraft@schule.de';
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = { sub: userId, email, role: 'authenticated', exp: now + 3600 };
  if (options.role) claims.user_role = options.role;
  if (options.tokenSuffix) claims.jti = options.tokenSuffix;
  return {
    access_token: fakeAccessToken(claims),
    refresh_token: `refresh-${options.tokenSuffix ?? 'a'}`,
    expires_in: 3600,
    expires_at: now + 3600,
    token_type: 'bearer',
    user: {
      id: userId,
      aud: 'authenticated',
      email,
      app_metadata: {},
      user_metadata: { ...(options.userMetadata ?? REGISTERED_METADATA) },
      created_at: new Date().toISOString(),
    },
  };
}

/** An error as supabase-js reports it (AuthApiError: `code`, `status`; weak passwords carry `reasons`). */
export function authError(code: string, status = 400, extra: { reasons?: string[]; message?: string } = {}) {
  const error = Object.assign(new Error(extra.message ?? code), {
    name: code === 'weak_password' ? 'AuthWeakPasswordError' : 'AuthApiError',
    code,
    status,
    __isAuthError: true,
    ...(extra.reasons ? { reasons: extra.reasons } : {}),
  });
  return error;
}

type Listener = (event: AuthChangeEvent, session: Session | null) => void;
type Result = { data: Record<string, unknown>; error: unknown };

/**
 * `answers.<method>` is what the auth server says (override with `mockResolvedValueOnce`); the public
 * methods record the calls and, like supabase-js, keep a returned session and report it to listeners.
 */
export function createStubAuthClient(initial: Session | null = null) {
  let session = initial;
  const listeners = new Set<Listener>();
  const emit = (event: AuthChangeEvent, next: Session | null) => {
    session = next;
    for (const listener of listeners) listener(event, next);
  };
  const keep = (event: AuthChangeEvent) => (result: Result) => {
    const next = result.data.session as Session | null | undefined;
    if (!result.error && next) emit(event, next);
    return result;
  };

  const answers = {
    signInWithPassword: vi.fn((_credentials: { email: string; password: string }): Promise<Result> =>
      Promise.resolve({ data: { user: null, session: null }, error: authError('invalid_credentials') }),
    ),
    signUp: vi.fn((_credentials: unknown): Promise<Result> =>
      Promise.resolve({ data: { user: { id: TEST_USER_ID }, session: null }, error: null }),
    ),
    resend: vi.fn((_credentials: unknown): Promise<Result> =>
      Promise.resolve({ data: { user: null, session: null }, error: null }),
    ),
    resetPasswordForEmail: vi.fn((_email: string, _options?: unknown): Promise<Result> =>
      Promise.resolve({ data: {}, error: null }),
    ),
    updateUser: vi.fn((_attributes: unknown): Promise<Result> =>
      Promise.resolve({ data: { user: session?.user ?? null }, error: null }),
    ),
    exchangeCodeForSession: vi.fn((_code: string): Promise<Result> =>
      Promise.resolve({ data: { user: null, session: null }, error: authError('flow_state_not_found', 404) }),
    ),
    setSession: vi.fn((tokens: { access_token: string; refresh_token: string }): Promise<Result> => {
      const next = {
        ...fakeSession(),
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
      };
      return Promise.resolve({ data: { user: next.user, session: next }, error: null });
    }),
    refreshSession: vi.fn((_current?: unknown): Promise<Result> =>
      Promise.resolve({ data: { user: session?.user ?? null, session }, error: null }),
    ),
  };

  const stub = {
    answers,
    getSession: vi.fn(() => Promise.resolve({ data: { session }, error: null })),
    onAuthStateChange: vi.fn((callback: Listener) => {
      listeners.add(callback);
      queueMicrotask(() => callback('INITIAL_SESSION', session));
      return {
        data: { subscription: { id: 'stub', callback, unsubscribe: () => listeners.delete(callback) } },
      };
    }),
    signInWithPassword: vi.fn((credentials: { email: string; password: string }) =>
      answers.signInWithPassword(credentials).then(keep('SIGNED_IN')),
    ),
    signUp: vi.fn((credentials: unknown) => answers.signUp(credentials).then(keep('SIGNED_IN'))),
    resend: vi.fn((credentials: unknown) => answers.resend(credentials)),
    resetPasswordForEmail: vi.fn((email: string, options?: unknown) =>
      answers.resetPasswordForEmail(email, options),
    ),
    updateUser: vi.fn((attributes: unknown) => answers.updateUser(attributes)),
    signOut: vi.fn((_options?: unknown) => {
      emit('SIGNED_OUT', null);
      return Promise.resolve({ error: null });
    }),
    exchangeCodeForSession: vi.fn((code: string) =>
      answers.exchangeCodeForSession(code).then(keep('SIGNED_IN')),
    ),
    setSession: vi.fn((tokens: { access_token: string; refresh_token: string }) =>
      answers.setSession(tokens).then(keep('SIGNED_IN')),
    ),
    refreshSession: vi.fn((current?: unknown) =>
      answers.refreshSession(current).then(keep('TOKEN_REFRESHED')),
    ),
    /** Test helper: change the session as supabase-js would and notify listeners. */
    emit,
    current: () => session,
  };
  return stub;
}

export type StubAuthClient = ReturnType<typeof createStubAuthClient>;

/** The stub as the app's `AuthClient` type (its methods return simplified objects of the same shape). */
export function asAuthClient(stub: StubAuthClient): AuthClient {
  return stub as unknown as AuthClient;
}
