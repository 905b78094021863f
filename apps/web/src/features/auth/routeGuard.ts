import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { AuthController } from './authController';
import {
  callbackCredentials,
  decideRoute,
  EMAIL_CONFIRMED_PATH,
  hasSessionCookie,
  needsSession,
} from './guard';

/**
 * The router side of the guards, run by the root route's `beforeLoad` for every navigation: reads the
 * session only when a rule needs it (so the landing page loads supabase-js only for a browser that holds a
 * session cookie), takes over a callback `code` first, then applies `decideRoute` and redirects.
 */
export async function guardRoute(options: {
  auth: AuthController;
  location: Pick<ParsedLocation, 'pathname' | 'searchStr' | 'hash'>;
  knownRoute: boolean;
  preload: boolean;
}): Promise<void> {
  const { auth, location, knownRoute, preload } = options;
  // The server's renderer has no document; it has taken the session before (app.server.tsx).
  const storedSession =
    auth.peek()?.session != null || (typeof document !== 'undefined' && hasSessionCookie(document.cookie));
  const address = {
    path: location.pathname,
    search: location.searchStr,
    hash: location.hash,
    knownRoute,
    storedSession,
  };
  let state: Awaited<ReturnType<AuthController['getState']>> = { session: null, role: null };
  if (needsSession(address)) {
    const callback = callbackCredentials(address.search, address.hash);
    if (callback && address.path !== EMAIL_CONFIRMED_PATH) {
      // Never spend a single-use code on a preload.
      if (preload) return;
      await auth.consumeCallback(callback);
    }
    state = await auth.getState();
  }
  const decision = decideRoute({ ...address, session: state.session, role: state.role });
  if (decision) redirect({ href: decision.href, replace: true, throw: true });
}
