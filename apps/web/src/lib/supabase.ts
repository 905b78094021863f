import type { PublicConfig } from '@app/contract';
import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The one Supabase client of the web app (ARCHITECTURE.md §2). This module is loaded on demand (see
 * `main.tsx`): supabase-js is only downloaded once a page needs the session.
 */

/** PRODUCT.md §9: the session cookie lasts 400 days (path /, SameSite lax, not HttpOnly: pages read it). */
const SESSION_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * The Supabase URL the browser talks to: the page's own origin for the built-in auth (`/auth/v1` on the
 * app server, whatever host name the page was opened with), the project URL for an external project.
 */
function supabaseUrlFor(config: Pick<PublicConfig, 'authMode' | 'authUrl'>, origin: string): string {
  return config.authMode === 'local' ? origin : config.authUrl.replace(/\/+$/, '');
}

function createSupabaseClient(config: PublicConfig) {
  return createBrowserClient(supabaseUrlFor(config, window.location.origin), config.supabaseAnonKey, {
    // Cookie session `sb-<ref>-auth-token` (chunked above 3180 characters by @supabase/ssr), PKCE flow.
    cookieOptions: {
      path: '/',
      sameSite: 'lax',
      maxAge: SESSION_COOKIE_MAX_AGE_S,
      secure: window.location.protocol === 'https:',
    },
    auth: {
      flowType: 'pkce',
      autoRefreshToken: true,
      persistSession: true,
      // The route guard takes over codes and tokens from the address itself (PRODUCT.md §4, routeGuard.ts).
      detectSessionInUrl: false,
    },
  });
}

/**
 * Creates the client from `/api/config` and returns its auth part; the caller (main.tsx) brings the config,
 * so lib/ needs no feature.
 */
export function createAuthClient(config: PublicConfig): SupabaseClient['auth'] {
  return createSupabaseClient(config).auth;
}
