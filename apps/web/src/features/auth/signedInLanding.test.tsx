import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';
import { createStubAuthClient, fakeSession } from '../../test/authStub';
import { renderApp } from '../../test/renderApp';
import { createTeacherApi } from '../../test/teacherApi';
import { decideRoute, hasSessionCookie, needsSession } from './guard';

// The landing page `/` is for visitors: a signed-in user (the logo, a bookmark of `/`) lands in the app,
// where the guards would send them.

const user = { id: '11111111-1111-4111-8111-111111111111' };

describe('The landing page in decideRoute', () => {
  it('sends a teacher and an organization member to their start page', () => {
    expect(decideRoute({ path: '/', search: '', hash: '', session: { user }, role: 'teacher' })).toEqual({
      href: '/classes',
    });
    expect(
      decideRoute({ path: '/', search: '', hash: '', session: { user }, role: 'organization_member' }),
    ).toEqual({ href: '/classes' });
  });

  it('sends a signed-in account without a role to the waitlist', () => {
    expect(decideRoute({ path: '/', search: '', hash: '', session: { user }, role: null })).toEqual({
      href: '/waitlist',
    });
  });

  it('shows the landing page to a visitor', () => {
    expect(decideRoute({ path: '/', search: '', hash: '', session: null, role: null })).toBeNull();
  });

  it('reads the session for `/` only when the browser holds a session cookie', () => {
    expect(needsSession({ path: '/', search: '', hash: '' })).toBe(false);
    expect(needsSession({ path: '/', search: '', hash: '', storedSession: true })).toBe(true);
    // So do the sign-in pages; other open pages stay without the session.
    expect(needsSession({ path: '/login', search: '', hash: '', storedSession: true })).toBe(true);
    expect(needsSession({ path: '/register', search: '', hash: '', storedSession: true })).toBe(true);
    expect(needsSession({ path: '/login', search: '', hash: '' })).toBe(false);
    expect(needsSession({ path: '/forgot-password', search: '', hash: '', storedSession: true })).toBe(false);
  });

  it('recognises the session cookie of @supabase/ssr, whole or chunked, and nothing else', () => {
    expect(hasSessionCookie('sb-localhost-auth-token=base64-eyJ9')).toBe(true);
    expect(hasSessionCookie('theme=dark; sb-abc-def-auth-token.0=base64-eyJ; x=1')).toBe(true);
    expect(hasSessionCookie('sb-localhost-auth-token-code-verifier=abc')).toBe(false);
    expect(hasSessionCookie('sb-localhost-auth-token=')).toBe(false);
    expect(hasSessionCookie('')).toBe(false);
  });
});

describe('The sign-in pages in decideRoute', () => {
  it('send a signed-in user where they belong: the safe `redirect`, else the start page', () => {
    const at = (path: string, search = '', role: 'teacher' | null = 'teacher') =>
      decideRoute({ path, search, hash: '', session: { user }, role });
    expect(at('/login')).toEqual({ href: '/classes' });
    expect(at('/register')).toEqual({ href: '/classes' });
    expect(at('/login', '?redirect=%2Fsubjects%3Fx%3D1')).toEqual({ href: '/subjects?x=1' });
    expect(at('/login', '?redirect=%2F%2Fevil.example')).toEqual({ href: '/classes' });
    expect(at('/login', '?redirect=%2Flogin')).toEqual({ href: '/classes' });
    expect(at('/login', '', null)).toEqual({ href: '/waitlist' });
  });

  it('show the forms to a visitor', () => {
    expect(decideRoute({ path: '/login', search: '', hash: '', session: null, role: null })).toBeNull();
    expect(decideRoute({ path: '/register', search: '', hash: '', session: null, role: null })).toBeNull();
  });
});

describe('The landing page in the router', () => {
  const COOKIE = 'sb-localhost-auth-token';
  beforeEach(() => {
    createTeacherApi().install();
  });
  afterEach(() => {
    document.cookie = `${COOKIE}=; max-age=0; path=/`;
  });

  it('opens the start page for a signed-in teacher who opens `/`', async () => {
    document.cookie = `${COOKIE}=base64-eyJ9; path=/`;
    const { router } = await renderApp('/', { signedInAs: 'teacher' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/classes'));
  });

  it.each(['/login', '/register'])('takes a signed-in teacher from %s to the start page', async (path) => {
    document.cookie = `${COOKIE}=base64-eyJ9; path=/`;
    const { router } = await renderApp(path, { signedInAs: 'teacher' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/classes'));
  });

  it('opens the waitlist for a signed-in account without a role', async () => {
    document.cookie = `${COOKIE}=base64-eyJ9; path=/`;
    const { router } = await renderApp('/', { signedInAs: null });

    await waitFor(() => expect(router.state.location.pathname).toBe('/waitlist'));
  });

  it('keeps the landing page for a visitor without loading the auth client', async () => {
    const load = vi.fn();
    const authClient = createStubAuthClient();
    authClient.getSession.mockImplementation(() => {
      load();
      return Promise.resolve({ data: { session: null }, error: null });
    });
    const { router } = await renderApp('/', { authClient });

    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: de.app.login })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the landing page when the stored session is no longer valid', async () => {
    document.cookie = `${COOKIE}=base64-eyJ9; path=/`;
    const { router } = await renderApp('/');

    expect(router.state.location.pathname).toBe('/');
  });

  it("takes a teacher from the logo in the header to their start page, not the visitors' landing page", async () => {
    const authClient = createStubAuthClient(fakeSession({ role: 'teacher' }));
    const { router } = await renderApp('/subjects', { authClient });
    expect(router.state.location.pathname).toBe('/subjects');

    await userEvent.setup({ delay: null }).click(await screen.findByRole('link', { name: de.app.name }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/classes'));
  });
});
