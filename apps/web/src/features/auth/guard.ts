import type { UserRole } from '@app/contract';
// The small part of the catalog: these come with every page (de.shell.ts).
import { deShell as de } from '../../i18n/de.shell';

/**
 * The route guards of PRODUCT.md §4, as one pure function. The router wiring (`routeGuard.ts`) collects the
 * inputs — reading the session only when a rule needs it — and turns a decision into a redirect.
 */

/** Paths that start with one of these are open to everybody (PRODUCT.md §4). */
const OPEN_PATH_PREFIXES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/error',
  '/waitlist',
  '/email-confirmed',
  '/404',
  '/submit',
  // The student's handed-back feedback through their personal link (ADR 010): no account.
  '/feedback',
] as const;

/**
 * Further open pages: the landing page, the one-click demo, the page the password-recovery link lands on
 * (its session may lack a role) and the sign-out page (it must work for any session).
 */
const OPEN_EXACT_PATHS = ['/', '/demo', '/update-password', '/logout'] as const;

/**
 * Paths that need the role organization_member (PRODUCT.md §4 "/admin paths", PRODUCT.md §2 "admin check"),
 * with the developer pages /dev/* (their API is /api/admin/*).
 */
const ADMIN_PATH_PREFIXES = ['/admin', '/tiptaptest', '/dev'] as const;

/** The landing page: for visitors; a signed-in user goes on into the app. */
const LANDING_PATH = '/';

/** Pages for signing in or up: a signed-in user goes on where they belong, as from the landing page. */
const SIGN_IN_PATHS = ['/login', '/register'] as const;

/** Where a signed-in user with a role starts (as after signing in). */
export const START_PATH = '/classes';

/** Where a signed-in account without a permitted role waits. */
const WAITLIST_PATH = '/waitlist';

/** The confirmation landing page handles its own `code` (PRODUCT.md §4). */
export const EMAIL_CONFIRMED_PATH = '/email-confirmed';

/** Where the guard sends a user to when an /admin page is not for them (PRODUCT.md §4: "go to /404"). */
const NOT_FOUND_PATH = '/404';

interface GuardSession {
  /** null: a session without user state (no user data at all). */
  user: { id: string } | null;
}

export interface RouteGuardInput {
  /** `location.pathname` */
  path: string;
  /** The raw query string, with or without the leading `?`. */
  search: string;
  /** The raw fragment, with or without the leading `#`. */
  hash: string;
  /** The current session after any callback in the address was consumed; null when signed out. */
  session: GuardSession | null;
  /** The access token's permitted `user_role` claim; null for none. */
  role: UserRole | null;
  /**
   * false for a path no route matches: after the address checks it gets the 404 page instead of being
   * sent to /login. Default true.
   */
  knownRoute?: boolean;
  /**
   * Whether the browser holds a session (its cookie, or one already read): the landing page reads the
   * session only then, so that a visitor's first page never loads supabase-js. Default false.
   */
  storedSession?: boolean;
}

interface RouteDecision {
  /** A same-origin href (path, query) to replace the current location with. */
  href: string;
}

/** Credentials an auth callback left in the address: a PKCE `code` or implicit-flow tokens. */
export type CallbackCredentials =
  { kind: 'code'; code: string } | { kind: 'tokens'; accessToken: string; refreshToken: string };

function params(raw: string, prefix: '?' | '#'): URLSearchParams {
  return new URLSearchParams(raw.startsWith(prefix) ? raw.slice(1) : raw);
}

function startsWithSegment(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function isOpenPath(path: string): boolean {
  return (
    (OPEN_EXACT_PATHS as readonly string[]).includes(path) ||
    OPEN_PATH_PREFIXES.some((prefix) => startsWithSegment(path, prefix))
  );
}

/** The landing page and the sign-in pages: for visitors only. */
function isVisitorPath(path: string): boolean {
  return path === LANDING_PATH || SIGN_IN_PATHS.some((prefix) => startsWithSegment(path, prefix));
}

function isAdminPath(path: string): boolean {
  return ADMIN_PATH_PREFIXES.some((prefix) => startsWithSegment(path, prefix));
}

/**
 * True when the address reports an expired or used e-mail link: `error=otp_expired`, or GoTrue's
 * `error_code=otp_expired` (beside `error=access_denied`), in the query or in the fragment.
 */
export function hasOtpExpired(search: string, hash: string): boolean {
  return [params(search, '?'), params(hash, '#')].some(
    (p) => p.get('error') === 'otp_expired' || p.get('error_code') === 'otp_expired',
  );
}

/** The auth callback in the address, if any: `?code=` (PKCE) or `#access_token=…&refresh_token=…`. */
export function callbackCredentials(search: string, hash: string): CallbackCredentials | null {
  const code = params(search, '?').get('code');
  if (code) return { kind: 'code', code };
  const fragment = params(hash, '#');
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (accessToken && refreshToken) return { kind: 'tokens', accessToken, refreshToken };
  return null;
}

/**
 * Whether a cookie string (`document.cookie`) holds the session cookie of @supabase/ssr (`sb-<ref>-auth-token`,
 * possibly chunked as `.0`, `.1` …) with a value. Whether that session is still valid only supabase-js knows.
 */
export function hasSessionCookie(cookies: string): boolean {
  return /(?:^|;\s*)sb-[^=;\s]+-auth-token(?:\.\d+)?=[^;\s]/.test(cookies);
}

/**
 * Whether `decideRoute` needs the session for this address; open pages without a callback do not, except
 * the landing and sign-in pages of a browser that holds a session.
 */
export function needsSession(
  input: Pick<RouteGuardInput, 'path' | 'search' | 'hash' | 'knownRoute' | 'storedSession'>,
): boolean {
  if (hasOtpExpired(input.search, input.hash)) return false;
  if (callbackCredentials(input.search, input.hash)) return input.path !== EMAIL_CONFIRMED_PATH;
  if (isVisitorPath(input.path)) return input.storedSession === true;
  return input.knownRoute !== false && !isOpenPath(input.path);
}

/** The current address without the callback parameters (they are single-use and must not linger). */
function withoutCallback(path: string, search: string): string {
  const query = params(search, '?');
  query.delete('code');
  query.delete('sb_flow_id');
  const rest = query.toString();
  return rest ? `${path}?${rest}` : path;
}

function errorPage(message: string, header?: string): RouteDecision {
  const query = new URLSearchParams({ message });
  if (header) query.set('header', header);
  return { href: `/error?${query.toString()}` };
}

/**
 * PRODUCT.md §4 route guards, in order:
 * 1. `otp_expired` in the address → the error page ('Hoppla!').
 * 2. A callback (`code`, or implicit tokens) on a path other than /email-confirmed: its session has been
 *    taken over; without a permitted role → /waitlist. With a role the address is cleaned of the
 *    single-use parameters. If no session came of it at all (the link was opened in another browser or
 *    the code was already used) → the error page, since the waitlist is for signed-in accounts.
 * 3. Open paths pass (and unknown paths get the 404 page); the landing page `/`, /login and /register only
 *    for visitors: a signed-in user goes on to their start page (from /login to its safe `redirect`),
 *    without a permitted role to /waitlist.
 * 4. Anything else without a role → /login, with `redirect` back to the requested page.
 * 5. /admin paths without organization_member → /404.
 * 6. A session without user state → /error 'Leider hast du noch nicht die passende Rolle'.
 */
export function decideRoute(input: RouteGuardInput): RouteDecision | null {
  const { path, search, hash, session, role } = input;

  if (hasOtpExpired(search, hash)) {
    return errorPage(de.navigation.otpExpired, de.navigation.otpExpiredHeader);
  }

  const callback = callbackCredentials(search, hash);
  if (callback && path !== EMAIL_CONFIRMED_PATH) {
    if (!session) return errorPage(de.navigation.callbackFailed, de.navigation.otpExpiredHeader);
    if (!role) return { href: WAITLIST_PATH };
    return { href: withoutCallback(path, search) };
  }

  // A session without user data may still sign in afresh (rule 6 leaves /login and /register alone).
  if (isVisitorPath(path) && session && (path === LANDING_PATH || session.user)) {
    if (!role) return { href: WAITLIST_PATH };
    return { href: safeRedirectTarget(params(search, '?').get('redirect') ?? undefined) };
  }

  if (isOpenPath(path) || input.knownRoute === false) return null;

  if (!role) {
    const query = params(search, '?').toString();
    const back = new URLSearchParams({ redirect: query ? `${path}?${query}` : path });
    return { href: `/login?${back.toString()}` };
  }

  if (isAdminPath(path) && role !== 'organization_member') return { href: NOT_FOUND_PATH };

  if (!session?.user) return errorPage(de.navigation.missingRole);

  return null;
}

/**
 * A `redirect` search value that is safe to navigate to: a same-origin path (not `//host`), not back into
 * the sign-in pages. Anything else falls back to `fallback`.
 */
export function safeRedirectTarget(value: unknown, fallback = START_PATH): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  const path = value.split(/[?#]/)[0] ?? '';
  if (['/login', '/register', '/logout', '/waitlist'].some((p) => startsWithSegment(path, p)))
    return fallback;
  return value;
}
