import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { fakeAccessToken } from '../../test/authStub';
import {
  callbackCredentials,
  decideRoute,
  hasOtpExpired,
  isOpenPath,
  needsSession,
  safeRedirectTarget,
  type RouteGuardInput,
} from './guard';
import { decodeJwtPayload, roleFromAccessToken } from './jwt';

const user = { id: '11111111-1111-4111-8111-111111111111' };
const teacher = { session: { user }, role: 'teacher' as const };
const orgMember = { session: { user }, role: 'organization_member' as const };
const noRole = { session: { user }, role: null };
const signedOut = { session: null, role: null };

function decide(input: Partial<RouteGuardInput> & { path: string }) {
  return decideRoute({ search: '', hash: '', ...signedOut, ...input });
}

/** The redirect target split into path and query values, for readable assertions. */
function target(decision: ReturnType<typeof decideRoute>) {
  if (!decision) return null;
  const url = new URL(decision.href, 'http://app.test');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

describe('decideRoute (PRODUCT.md §4 route guards, in order)', () => {
  describe('1. otp_expired in the address', () => {
    const expected = {
      path: '/error',
      query: { message: 'Email link wurde bereits verwendet oder ist abgelaufen.', header: 'Hoppla!' },
    };

    it('sends error=otp_expired in the query to the error page with header Hoppla!', () => {
      expect(target(decide({ path: '/login', search: '?error=otp_expired' }))).toEqual(expected);
    });

    it("recognises GoTrue's fragment (error=access_denied&error_code=otp_expired)", () => {
      const hash = '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid';
      expect(target(decide({ path: '/email-confirmed', hash }))).toEqual(expected);
    });

    it('comes before everything else, even for a signed-in teacher with a code', () => {
      expect(
        target(decide({ path: '/classes', search: '?code=abc&error_code=otp_expired', ...teacher })),
      ).toEqual(expected);
    });

    it('ignores other errors in the address', () => {
      expect(hasOtpExpired('?error=access_denied', '#error_code=flow_state_expired')).toBe(false);
    });
  });

  describe('2. a code parameter outside /email-confirmed', () => {
    it('sends a signed-in user without a permitted role to /waitlist', () => {
      expect(target(decide({ path: '/update-password', search: '?code=abc', ...noRole }))).toEqual({
        path: '/waitlist',
        query: {},
      });
    });

    it('lets a teacher stay, with the single-use parameters removed from the address', () => {
      expect(
        target(decide({ path: '/update-password', search: '?code=abc&sb_flow_id=f1&x=1', ...teacher })),
      ).toEqual({
        path: '/update-password',
        query: { x: '1' },
      });
    });

    it('treats implicit-flow tokens in the fragment the same way', () => {
      const hash = '#access_token=a&refresh_token=r&expires_in=3600&token_type=bearer';
      expect(target(decide({ path: '/classes', hash, ...noRole }))?.path).toBe('/waitlist');
      expect(decide({ path: '/classes', hash, ...orgMember })).toEqual({ href: '/classes' });
    });

    it('shows the error page when the code brought no session at all (other browser, used code)', () => {
      expect(target(decide({ path: '/update-password', search: '?code=abc' }))).toEqual({
        path: '/error',
        query: { message: de.navigation.callbackFailed, header: 'Hoppla!' },
      });
    });

    it('leaves the code on /email-confirmed to that page', () => {
      expect(decide({ path: '/email-confirmed', search: '?code=abc' })).toBeNull();
      expect(needsSession({ path: '/email-confirmed', search: '?code=abc', hash: '' })).toBe(false);
    });
  });

  describe('3. open paths', () => {
    it.each([
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/error',
      '/waitlist',
      '/email-confirmed',
      '/404',
      '/submit/abc123',
      '/feedback/q3Jx0vY9WmA1bC2dE3fG4hI5jK6lM7nO',
      '/',
      '/demo',
      '/update-password',
      '/logout',
    ])('lets a signed-out visitor open %s', (path) => {
      expect(decide({ path })).toBeNull();
      expect(needsSession({ path, search: '', hash: '' })).toBe(false);
    });

    it('matches whole path segments, not string prefixes', () => {
      expect(isOpenPath('/login/extra')).toBe(true);
      expect(isOpenPath('/loginx')).toBe(false);
      expect(isOpenPath('/demo/more')).toBe(false);
      expect(isOpenPath('/feedbacks')).toBe(false);
    });

    it('gives an unknown path the 404 page instead of a sign-in redirect', () => {
      expect(decide({ path: '/gibt/es/nicht', knownRoute: false })).toBeNull();
      expect(needsSession({ path: '/gibt/es/nicht', search: '', hash: '', knownRoute: false })).toBe(false);
    });
  });

  describe('4. no role', () => {
    it('sends a signed-out visitor to /login with the way back', () => {
      expect(target(decide({ path: '/classes/k1', search: '?tab=tasks' }))).toEqual({
        path: '/login',
        query: { redirect: '/classes/k1?tab=tasks' },
      });
    });

    it('sends a signed-in user without a role to /login as well', () => {
      expect(target(decide({ path: '/subjects', ...noRole }))).toEqual({
        path: '/login',
        query: { redirect: '/subjects' },
      });
    });

    it('needs the session for a protected path', () => {
      expect(needsSession({ path: '/classes', search: '', hash: '' })).toBe(true);
    });
  });

  describe('5. /admin needs organization_member', () => {
    it.each([
      '/admin',
      '/admin/users',
      '/admin/rights',
      '/tiptaptest',
      '/dev/stats',
      '/dev/submissions/matching',
    ])('sends a teacher from %s to /404', (path) => {
      expect(decide({ path, ...teacher })).toEqual({ href: '/404' });
    });

    it('lets an organization member in', () => {
      expect(decide({ path: '/admin/users', ...orgMember })).toBeNull();
      expect(decide({ path: '/dev/ocr-test', ...orgMember })).toBeNull();
    });

    it('lets a teacher open the other pages', () => {
      expect(decide({ path: '/classes', ...teacher })).toBeNull();
      expect(decide({ path: '/administration-is-not-admin', ...teacher })).toBeNull();
      expect(decide({ path: '/developer', ...teacher })).toBeNull();
      expect(decide({ path: '/old/abc', ...teacher })).toBeNull();
    });
  });

  describe('6. no user state', () => {
    it("sends a session without user data to /error 'Leider hast du noch nicht die passende Rolle'", () => {
      expect(target(decide({ path: '/classes', session: { user: null }, role: 'teacher' }))).toEqual({
        path: '/error',
        query: { message: 'Leider hast du noch nicht die passende Rolle' },
      });
    });

    it('does not apply to /login', () => {
      expect(decide({ path: '/login', session: { user: null }, role: 'teacher' })).toBeNull();
    });
  });
});

describe('callbackCredentials', () => {
  it('reads a PKCE code from the query and tokens from the fragment', () => {
    expect(callbackCredentials('?code=c1', '')).toEqual({ kind: 'code', code: 'c1' });
    expect(callbackCredentials('', 'access_token=a&refresh_token=r')).toEqual({
      kind: 'tokens',
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(callbackCredentials('?x=1', '#access_token=a')).toBeNull();
  });
});

describe('safeRedirectTarget', () => {
  it('keeps same-origin paths and refuses everything else', () => {
    expect(safeRedirectTarget('/classes/k1?tab=2')).toBe('/classes/k1?tab=2');
    expect(safeRedirectTarget('//evil.example/x')).toBe('/classes');
    expect(safeRedirectTarget('https://evil.example')).toBe('/classes');
    expect(safeRedirectTarget('/\\evil.example')).toBe('/classes');
    expect(safeRedirectTarget('/login?redirect=/x')).toBe('/classes');
    expect(safeRedirectTarget(undefined)).toBe('/classes');
  });
});

describe('the role claim', () => {
  it('is read from the access token payload', () => {
    expect(roleFromAccessToken(fakeAccessToken({ sub: 'u', user_role: 'teacher' }))).toBe('teacher');
    expect(roleFromAccessToken(fakeAccessToken({ sub: 'u', user_role: 'organization_member' }))).toBe(
      'organization_member',
    );
  });

  it('counts as none when absent, unknown or unreadable', () => {
    expect(roleFromAccessToken(fakeAccessToken({ sub: 'u' }))).toBeNull();
    expect(roleFromAccessToken(fakeAccessToken({ sub: 'u', user_role: 'student' }))).toBeNull();
    expect(roleFromAccessToken('not-a-jwt')).toBeNull();
    expect(roleFromAccessToken(null)).toBeNull();
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const json = JSON.stringify({ name: 'Jürgen Größe' });
    const bytes = new TextEncoder().encode(json);
    const payload = btoa(String.fromCharCode(...bytes))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(decodeJwtPayload(`x.${payload}.y`)).toEqual({ name: 'Jürgen Größe' });
  });
});
