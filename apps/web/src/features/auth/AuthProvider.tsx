import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthController, AuthSnapshot } from './authController';

const AuthContext = createContext<AuthController | null>(null);

export function AuthProvider({ auth, children }: { auth: AuthController; children: ReactNode }) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

/** The app's auth controller (sign in, sign out, the client for the account pages). */
export function useAuth(): AuthController {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider>');
  return auth;
}

const SIGNED_OUT: AuthSnapshot = { session: null, role: null };

/**
 * The current session, user and role, re-rendering on every auth change. Before the stored session was
 * read (pages that never needed it) it reports "signed out".
 */
export function useSession(): AuthSnapshot {
  const auth = useAuth();
  const subscribe = useCallback((onChange: () => void) => auth.subscribe(() => onChange()), [auth]);
  const current = () => auth.peek() ?? SIGNED_OUT;
  // The server renders a teacher page with the session it took from the cookie, and the browser hydrates it
  // with the same one (ADR 036).
  return useSyncExternalStore(subscribe, current, current);
}
