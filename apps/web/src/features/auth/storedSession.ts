/**
 * The session as @supabase/ssr keeps it in the browser's cookie (`sb-<ref>-auth-token`, chunked as `.0`,
 * `.1` … above ~3 kB, the value JSON or `base64-` + base64url of the JSON), read without loading supabase-js
 * or the public config: a signed-in teacher's page can decide its route and start its requests at once
 * (ARCHITECTURE.md "The teacher's first page"). supabase-js stays the keeper of the session; it is loaded when
 * the token nears its end, when the server refuses it, or when a page needs the client itself.
 */
export interface StoredSession {
  accessToken: string;
  /** Seconds since the epoch, as supabase-js stores it. */
  expiresAt: number;
  user: { id: string; email: string | null; metadata: unknown } | null;
}

/**
 * How long before its expiry a stored token is no longer used without supabase-js (which refreshes it then):
 * its own refresh margin is three ticks of 30 s.
 */
export const STORED_SESSION_MARGIN_MS = 90_000;

const COOKIE = /^sb-.+-auth-token$/;
const CHUNK = /^(sb-.+-auth-token)\.(0|[1-9]\d*)$/;

function cookieMap(cookies: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      map.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // A value that is not URI-encoded text is not ours.
    }
  }
  return map;
}

function base64UrlToText(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return new TextDecoder().decode(Uint8Array.from(atob(padded), (char) => char.charCodeAt(0)));
}

/** The one stored session's JSON text; null when there is none, or more than one project's (ambiguous). */
function storedText(cookies: string): string | null {
  const map = cookieMap(cookies);
  const keys = new Set<string>();
  for (const name of map.keys()) {
    if (COOKIE.test(name)) keys.add(name);
    const chunk = CHUNK.exec(name);
    if (chunk?.[1]) keys.add(chunk[1]);
  }
  if (keys.size !== 1) return null;
  const [key] = keys as unknown as [string];
  let value = map.get(key) ?? '';
  if (!value) {
    for (let i = 0; map.has(`${key}.${i}`); i++) value += map.get(`${key}.${i}`);
  }
  if (!value) return null;
  return value.startsWith('base64-') ? base64UrlToText(value.slice('base64-'.length)) : value;
}

/**
 * The stored session when it can be used as it is: a token that is valid for more than the margin. Anything
 * else (none, expiring, unreadable, several projects' cookies) is null, and the caller asks supabase-js.
 */
export function readStoredSession(cookies: string, now = Date.now()): StoredSession | null {
  try {
    const text = storedText(cookies);
    if (!text) return null;
    const parsed = JSON.parse(text) as {
      access_token?: unknown;
      expires_at?: unknown;
      user?: { id?: unknown; email?: unknown; user_metadata?: unknown } | null;
    };
    const { access_token: accessToken, expires_at: expiresAt } = parsed;
    if (typeof accessToken !== 'string' || typeof expiresAt !== 'number') return null;
    if (expiresAt * 1000 - now <= STORED_SESSION_MARGIN_MS) return null;
    const user =
      parsed.user && typeof parsed.user.id === 'string'
        ? {
            id: parsed.user.id,
            email: typeof parsed.user.email === 'string' ? parsed.user.email : null,
            metadata: parsed.user.user_metadata ?? null,
          }
        : null;
    return { accessToken, expiresAt, user };
  } catch {
    return null;
  }
}
