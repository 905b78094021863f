import { describe, expect, it } from 'vitest';
import { fakeSession } from '../../test/authStub';
import { readStoredSession, STORED_SESSION_MARGIN_MS } from './storedSession';

/** The cookie string @supabase/ssr leaves: `base64-` + base64url of the session JSON, chunked above `chunk`. */
function cookieOf(session: object, options: { name?: string; chunk?: number; plain?: boolean } = {}): string {
  const name = options.name ?? 'sb-localhost-auth-token';
  const json = JSON.stringify(session);
  const value = options.plain
    ? json
    : `base64-${btoa(String.fromCharCode(...new TextEncoder().encode(json)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')}`;
  const encoded = encodeURIComponent(value);
  if (!options.chunk) return `theme=dark; ${name}=${encoded}`;
  const parts: string[] = [];
  for (let i = 0; i * options.chunk < encoded.length; i++)
    parts.push(`${name}.${i}=${encoded.slice(i * options.chunk, (i + 1) * options.chunk)}`);
  return parts.join('; ');
}

describe('The session as stored in the cookie', () => {
  const metadata = { first_name: 'Ольга', last_name: 'Wąsowski-Nguyễn' };
  const session = fakeSession({ role: 'teacher', userMetadata: metadata });

  it('is read without supabase-js: token, expiry, user and metadata, also with non-Latin letters', () => {
    const stored = readStoredSession(cookieOf(session));
    expect(stored).toEqual({
      accessToken: session.access_token,
      expiresAt: session.expires_at,
      user: { id: session.user.id, email: session.user.email, metadata },
    });
  });

  it('is put together from its chunks, and read in the plain JSON form too', () => {
    expect(readStoredSession(cookieOf(session, { chunk: 500 }))?.accessToken).toBe(session.access_token);
    expect(readStoredSession(cookieOf(session, { plain: true }))?.accessToken).toBe(session.access_token);
  });

  it('is not used when it runs out within the margin, is unreadable, missing or ambiguous', () => {
    const soon = {
      ...session,
      expires_at: Math.floor((Date.now() + STORED_SESSION_MARGIN_MS - 1000) / 1000),
    };
    expect(readStoredSession(cookieOf(soon))).toBeNull();
    expect(readStoredSession('sb-localhost-auth-token=base64-%%%')).toBeNull();
    expect(readStoredSession('sb-localhost-auth-token=not-json')).toBeNull();
    expect(readStoredSession('theme=dark')).toBeNull();
    const two = `${cookieOf(session)}; ${cookieOf(session, { name: 'sb-other-auth-token' })}`;
    expect(readStoredSession(two)).toBeNull();
  });
});
