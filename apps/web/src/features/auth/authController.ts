import type { UserRole } from '@app/contract';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { CallbackCredentials } from './guard';
import { roleFromAccessToken } from './jwt';
import { STORED_SESSION_MARGIN_MS, type StoredSession } from './storedSession';

/**
 * The part of supabase-js' auth client the app uses. It is the seam of the auth feature: the app passes
 * the real `supabase.auth` (created on first need, see `lib/supabase.ts`), tests pass a stub.
 */
export type AuthClient = Pick<
  SupabaseClient['auth'],
  | 'getSession'
  | 'onAuthStateChange'
  | 'signInWithPassword'
  | 'signUp'
  | 'resend'
  | 'resetPasswordForEmail'
  | 'updateUser'
  | 'signOut'
  | 'exchangeCodeForSession'
  | 'setSession'
  | 'refreshSession'
>;

interface SessionUser {
  id: string;
  email: string | null;
  /** The auth user's `user_metadata` (the registration flags, PRODUCT.md §3); null when unknown. */
  metadata: unknown;
}

export interface AuthSnapshot {
  /** null: signed out. */
  session: {
    accessToken: string;
    /** null: a session without user state. */
    user: SessionUser | null;
  } | null;
  /** The access token's `user_role` claim when it is a permitted role. */
  role: UserRole | null;
}

type AuthListener = (next: AuthSnapshot, previous: AuthSnapshot | null) => void;

export interface AuthController {
  /** The auth client, loaded and created on first use. */
  client(): Promise<AuthClient>;
  /** The session as stored (refreshed by supabase-js when expired), read once; afterwards kept by events. */
  getState(): Promise<AuthSnapshot>;
  /** The current snapshot without waiting; null until the stored session was read. */
  peek(): AuthSnapshot | null;
  subscribe(listener: AuthListener): () => void;
  /** Takes over the session an e-mail link left in the address (PKCE code or tokens); once per credential. */
  consumeCallback(credentials: CallbackCredentials): Promise<{ ok: boolean }>;
  /**
   * Takes the session a client call returned (sign-in, demo session) as the current one right away,
   * without waiting for supabase-js' event.
   */
  adopt(session: Session | null): AuthSnapshot;
  /** Refreshes the session (new access token, e.g. after an administrator granted a role). */
  refresh(): Promise<AuthSnapshot>;
  /** Signs out this browser (scope local); concurrent calls share one request. */
  signOut(): Promise<void>;
  /**
   * The access token for API calls; null when signed out or when auth was never needed on this page.
   * `renew`: the server refused the current one (401), so a fresh one is fetched with the refresh token
   * first; concurrent calls share one refresh. A refresh the server refuses ends the session.
   */
  accessToken(options?: { renew?: boolean }): Promise<string | null>;
}

function snapshotOf(session: Session | null): AuthSnapshot {
  if (!session) return { session: null, role: null };
  const user = session.user?.id
    ? { id: session.user.id, email: session.user.email ?? null, metadata: session.user.user_metadata ?? null }
    : null;
  return {
    session: { accessToken: session.access_token, user },
    role: roleFromAccessToken(session.access_token),
  };
}

function storedSnapshot(stored: StoredSession): AuthSnapshot {
  return {
    session: { accessToken: stored.accessToken, user: stored.user },
    role: roleFromAccessToken(stored.accessToken),
  };
}

function sameSnapshot(a: AuthSnapshot, b: AuthSnapshot): boolean {
  return (
    a.session?.accessToken === b.session?.accessToken &&
    a.session?.user?.id === b.session?.user?.id &&
    a.session?.user?.email === b.session?.user?.email &&
    a.session?.user?.metadata === b.session?.user?.metadata &&
    a.role === b.role
  );
}

/**
 * One auth state for the whole app (PRODUCT.md §4 "Session"). supabase-js keeps the session: it removes an
 * invalid stored session, refreshes an expired one with its refresh token (30 s margin, backoff from
 * 200 ms) and removes the session after a non-retryable refresh failure; each change arrives here as an
 * auth event and is handed to the subscribers (router and query cache, see `connectAuth`).
 */
export function createAuthController(
  loadClient: () => Promise<AuthClient>,
  options: {
    /**
     * The session in the browser's storage when it can be used without supabase-js (storedSession.ts): the
     * first page then needs neither the client's code nor the public config before its own requests.
     */
    storedSession?: () => StoredSession | null;
    /**
     * false: never load supabase-js to renew the stored session before it ends (the server's renderer of a
     * teacher page, which uses the session for one request; app.server.tsx).
     */
    renewStored?: boolean;
  } = {},
): AuthController {
  /** The stored session the state was first taken from, while supabase-js has not been loaded. */
  let stored: StoredSession | null = null;
  let clientPromise: Promise<AuthClient> | null = null;
  let statePromise: Promise<AuthSnapshot> | null = null;
  let snapshot: AuthSnapshot | null = null;
  let signingOut: Promise<void> | null = null;
  let renewing: Promise<string | null> | null = null;
  const listeners = new Set<AuthListener>();
  const callbacks = new Map<string, Promise<{ ok: boolean }>>();

  function publish(next: AuthSnapshot) {
    const previous = snapshot;
    if (previous && sameSnapshot(previous, next)) return;
    snapshot = next;
    for (const listener of listeners) listener(next, previous);
  }

  function client(): Promise<AuthClient> {
    clientPromise ??= loadClient().then(
      (loaded) => {
        // INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, USER_UPDATED, PASSWORD_RECOVERY …
        loaded.onAuthStateChange((_event, session) => {
          // Called inside supabase-js' lock: only record the state here, never call the client back.
          publish(snapshotOf(session));
        });
        return loaded;
      },
      (error: unknown) => {
        clientPromise = null;
        throw error;
      },
    );
    return clientPromise;
  }

  async function readState(): Promise<AuthSnapshot> {
    const auth = await client();
    const { data } = await auth.getSession();
    // INITIAL_SESSION may have arrived first; the stored session is the same either way.
    publish(snapshotOf(data.session));
    return snapshot ?? snapshotOf(null);
  }

  /**
   * The stored token while it is valid beyond the margin and still the one in storage (`readStoredSession`
   * checks the margin); once another tab has refreshed or signed out, or the margin is reached, supabase-js
   * takes over.
   */
  function storedToken(): string | null {
    const current = options.storedSession?.();
    return stored && current?.accessToken === stored.accessToken ? stored.accessToken : null;
  }

  /** From the stored session, when there is a usable one: no client, no network. */
  function takeStored(): boolean {
    const found = clientPromise ? null : options.storedSession?.();
    if (!found) return false;
    stored = found;
    publish(storedSnapshot(found));
    if (options.renewStored === false) return true;
    // supabase-js takes over in time to refresh the token (a page left open for the hour).
    const delay = found.expiresAt * 1000 - Date.now() - STORED_SESSION_MARGIN_MS;
    setTimeout(() => void client().then((auth) => auth.getSession()), delay);
    return true;
  }

  function getState(): Promise<AuthSnapshot> {
    if (!statePromise && takeStored()) statePromise = Promise.resolve(snapshot ?? snapshotOf(null));
    statePromise ??= readState().catch((error: unknown) => {
      statePromise = null;
      throw error;
    });
    return statePromise.then(() => snapshot ?? snapshotOf(null));
  }

  async function refresh(): Promise<AuthSnapshot> {
    const auth = await client();
    await getState();
    const { data, error } = await auth.refreshSession();
    if (!error) publish(snapshotOf(data.session));
    return snapshot ?? snapshotOf(null);
  }

  /** A new access token from the refresh token; null when the server refused it (the session has ended). */
  async function renew(): Promise<string | null> {
    const auth = await client();
    const { data, error } = await auth.refreshSession();
    if (error || !data.session) return null;
    publish(snapshotOf(data.session));
    return data.session.access_token;
  }

  async function exchange(credentials: CallbackCredentials): Promise<{ ok: boolean }> {
    const auth = await client();
    const result =
      credentials.kind === 'code'
        ? await auth.exchangeCodeForSession(credentials.code)
        : await auth.setSession({
            access_token: credentials.accessToken,
            refresh_token: credentials.refreshToken,
          });
    if (result.error || !result.data.session) {
      await getState();
      return { ok: false };
    }
    await getState();
    publish(snapshotOf(result.data.session));
    return { ok: true };
  }

  return {
    client,
    getState,
    peek: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    consumeCallback(credentials) {
      const key =
        credentials.kind === 'code' ? `code:${credentials.code}` : `token:${credentials.refreshToken}`;
      let pending = callbacks.get(key);
      if (!pending) {
        pending = exchange(credentials);
        callbacks.set(key, pending);
      }
      return pending;
    },
    adopt(session) {
      publish(snapshotOf(session));
      return snapshot ?? snapshotOf(null);
    },
    refresh,
    signOut() {
      signingOut ??= (async () => {
        const auth = await client();
        // supabase-js removes the local session even when the server call fails (401/403/404 ignored).
        await auth.signOut({ scope: 'local' });
        publish(snapshotOf(null));
      })().finally(() => {
        signingOut = null;
      });
      return signingOut;
    },
    async accessToken(options = {}) {
      if (options.renew) {
        renewing ??= renew()
          .catch(() => null)
          .finally(() => {
            renewing = null;
          });
        return renewing;
      }
      if (!clientPromise) {
        // Never needed on this page (a public one), or taken from storage and still good.
        if (!stored) return null;
        const token = storedToken();
        if (token) return token;
      }
      try {
        const auth = await client();
        const { data } = await auth.getSession();
        return data.session?.access_token ?? null;
      } catch {
        return null;
      }
    },
  };
}
