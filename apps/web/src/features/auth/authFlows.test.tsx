import { DEMO_CONTENT } from '@app/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';
import { authError, createStubAuthClient, fakeSession } from '../../test/authStub';
import { renderApp } from '../../test/renderApp';
import { createTeacherApi } from '../../test/teacherApi';

// The pages behind the guards (/classes, /subjects) load their data from the teacher endpoints.
beforeEach(() => {
  createTeacherApi().install();
});

function heading() {
  return screen.findByRole('heading', { level: 1 });
}

describe('Registering at /register', () => {
  it('checks the password rules live and then asks the user to confirm their address', async () => {
    const authClient = createStubAuthClient();
    await renderApp('/register', { authClient });
    const user = userEvent.setup({ delay: null });

    const rule = () => screen.getByText('Das Passwort muss mindestens eine Zahl enthalten').closest('li');
    expect(rule()?.getAttribute('data-met')).toBe('false');
    await user.type(screen.getByLabelText(/^E-Mail-Adresse/, { selector: 'input' }), 'neu@schule.de');
    await user.type(screen.getByLabelText(/^Passwort\s*\*?$/, { selector: 'input' }), 'Sicher123');
    expect(rule()?.getAttribute('data-met')).toBe('true');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }), 'Sicher123');
    await user.click(screen.getByRole('button', { name: de.auth.register.submit }));

    expect(await screen.findByText(de.auth.register.checkMailText('neu@schule.de'))).toBeTruthy();
    expect(authClient.signUp).toHaveBeenCalledWith({
      email: 'neu@schule.de',
      password: 'Sicher123',
      // The account has a password from the start: the registration dialog skips its password fields.
      options: { emailRedirectTo: `${window.location.origin}/email-confirmed`, data: { has_password: true } },
    });
  });

  it('shows the weak-password messages with the pwned hint', async () => {
    const authClient = createStubAuthClient();
    authClient.answers.signUp.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: authError('weak_password', 422, { reasons: ['pwned'] }),
    });
    await renderApp('/register', { authClient });
    const user = userEvent.setup({ delay: null });

    await user.type(screen.getByLabelText(/^E-Mail-Adresse/, { selector: 'input' }), 'neu@schule.de');
    await user.type(screen.getByLabelText(/^Passwort\s*\*?$/, { selector: 'input' }), 'Passwort1');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }), 'Passwort1');
    await user.click(screen.getByRole('button', { name: de.auth.register.submit }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Das Passwort ist zu schwach.');
    expect(alert.textContent).toContain('Dieses Passwort wurde in Datenlecks gefunden.');
  });
});

describe('Registering while the school has closed self-registration', () => {
  it('says so when the auth server refuses the sign-up with signup_disabled', async () => {
    const authClient = createStubAuthClient();
    authClient.answers.signUp.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: authError('signup_disabled', 422),
    });
    await renderApp('/register', { authClient });
    const user = userEvent.setup({ delay: null });

    await user.type(screen.getByLabelText(/^E-Mail-Adresse/, { selector: 'input' }), 'neu@schule.de');
    await user.type(screen.getByLabelText(/^Passwort\s*\*?$/, { selector: 'input' }), 'Sicher123');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }), 'Sicher123');
    await user.click(screen.getByRole('button', { name: de.auth.register.submit }));

    expect((await screen.findByRole('alert')).textContent).toContain(de.auth.register.signupDisabled);
  });

  it('explains that the school creates accounts and offers no sign-up form', async () => {
    const api = createTeacherApi();
    api.intercept((call) =>
      call.path === '/api/config'
        ? Response.json({
            authUrl: 'http://localhost',
            authMode: 'local',
            supabaseAnonKey: 'anon',
            publicUrl: 'http://localhost:3000',
            aiProvider: 'none',
            signupDisabled: true,
            posthog: null,
            version: 'test',
          })
        : undefined,
    );
    api.install();
    const authClient = createStubAuthClient();
    await renderApp('/register', { authClient });

    expect(await screen.findByText(de.auth.register.signupDisabled)).toBeTruthy();
    expect(screen.queryByRole('button', { name: de.auth.register.submit })).toBeNull();
    expect(screen.getByRole('link', { name: new RegExp(de.auth.register.loginLink) })).toBeTruthy();
    expect(authClient.signUp).not.toHaveBeenCalled();
  });
});

describe('The confirmation link landing at /email-confirmed', () => {
  it('exchanges the code, says confirmed and moves an account without a role on to the waitlist', async () => {
    const authClient = createStubAuthClient();
    authClient.answers.exchangeCodeForSession.mockResolvedValueOnce({
      data: { session: fakeSession({ role: null }), user: null },
      error: null,
    });
    const { router } = await renderApp('/email-confirmed?code=c-123', { authClient });

    expect(await screen.findByText(de.auth.emailConfirmed.text)).toBeTruthy();
    expect(authClient.exchangeCodeForSession).toHaveBeenCalledWith('c-123');
    expect(authClient.exchangeCodeForSession).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/waitlist'), { timeout: 4000 });
  });

  it('moves a teacher on to /classes', async () => {
    const authClient = createStubAuthClient();
    authClient.answers.exchangeCodeForSession.mockResolvedValueOnce({
      data: { session: fakeSession({ role: 'teacher' }), user: null },
      error: null,
    });
    const { router } = await renderApp('/email-confirmed?code=c-456', { authClient });

    await waitFor(() => expect(router.state.location.pathname).toBe('/classes'), { timeout: 4000 });
  });

  it('asks to sign in, without claiming a confirmation, when the code cannot be exchanged in this browser', async () => {
    await renderApp('/email-confirmed?code=fremd');

    expect(await screen.findByText(de.auth.emailConfirmed.notConfirmed)).toBeTruthy();
    expect(screen.queryByText(de.auth.emailConfirmed.text)).toBeNull();
    expect(screen.getByRole('link', { name: de.auth.emailConfirmed.loginButton }).getAttribute('href')).toBe(
      '/login',
    );
  });
});

describe('Route guards in the router', () => {
  it("shows the 'Hoppla!' page for a used or expired e-mail link", async () => {
    const { router } = await renderApp(
      '/email-confirmed#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );

    expect((await heading()).textContent).toBe('Hoppla!');
    expect(screen.getByText('Email link wurde bereits verwendet oder ist abgelaufen.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error');
  });

  it('exchanges a code on another page and sends an account without a role to the waitlist', async () => {
    const authClient = createStubAuthClient();
    authClient.answers.exchangeCodeForSession.mockResolvedValueOnce({
      data: { session: fakeSession({ role: null }), user: null },
      error: null,
    });
    const { router } = await renderApp('/update-password?code=r-1', { authClient });

    expect(authClient.exchangeCodeForSession).toHaveBeenCalledWith('r-1');
    expect(router.state.location.pathname).toBe('/waitlist');
  });

  it('keeps a teacher on the recovery page and removes the used code from the address', async () => {
    const authClient = createStubAuthClient();
    authClient.answers.exchangeCodeForSession.mockResolvedValueOnce({
      data: { session: fakeSession({ role: 'teacher' }), user: null },
      error: null,
    });
    const { router } = await renderApp('/update-password?code=r-2', { authClient });

    expect(router.state.location.pathname).toBe('/update-password');
    expect(router.state.location.searchStr).toBe('');
    expect(await screen.findByLabelText(/^Neues Passwort/, { selector: 'input' })).toBeTruthy();
  });

  it('shows the 404 page to a teacher on /admin/users', async () => {
    const { router } = await renderApp('/admin/users', { signedInAs: 'teacher' });

    expect((await heading()).textContent).toBe(de.notFound.heading);
    expect(router.state.location.pathname).toBe('/404');
  });

  it('sends a signed-out visitor of /admin to /login', async () => {
    const { router } = await renderApp('/admin');

    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes to /login when the session ends on a protected page', async () => {
    const authClient = createStubAuthClient(fakeSession({ role: 'teacher' }));
    const { router } = await renderApp('/subjects', { authClient });
    expect(router.state.location.pathname).toBe('/subjects');

    await act(async () => {
      authClient.emit('SIGNED_OUT', null);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('never loads the auth client for the landing page', async () => {
    const load = vi.fn();
    const authClient = createStubAuthClient();
    authClient.getSession.mockImplementation(() => {
      load();
      return Promise.resolve({ data: { session: null }, error: null });
    });
    await renderApp('/', { authClient });

    expect(load).not.toHaveBeenCalled();
  });
});

describe('The waitlist', () => {
  it('moves on to /classes when "Erneut prüfen" brings a token with a role', async () => {
    const authClient = createStubAuthClient(fakeSession({ role: null }));
    const { router } = await renderApp('/waitlist', { authClient });
    expect(await screen.findByText(de.auth.waitlist.text)).toBeTruthy();
    expect(screen.getByText(de.auth.waitlist.signedInAs('lehrkraft@schule.de'))).toBeTruthy();

    authClient.answers.refreshSession.mockResolvedValueOnce({
      data: { session: fakeSession({ role: 'teacher', tokenSuffix: 'b' }), user: null },
      error: null,
    });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Erneut prüfen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/classes'));
  });

  it('says so when there is still no role', async () => {
    await renderApp('/waitlist', { signedInAs: null });

    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Erneut prüfen' }));

    expect(await screen.findByText(de.auth.waitlist.stillWaiting)).toBeTruthy();
  });
});

describe('Signing out', () => {
  it('signs out locally from the user menu and lands on /login', async () => {
    const authClient = createStubAuthClient(fakeSession({ role: 'teacher' }));
    const { router } = await renderApp('/subjects', { authClient });
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: de.auth.userMenu.label }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(authClient.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(authClient.current()).toBeNull();
  });
});

describe('Requesting a reset link at /reset-password', () => {
  it('asks for the mail with the update-password link and answers neutrally', async () => {
    const authClient = createStubAuthClient();
    authClient.answers.resetPasswordForEmail.mockResolvedValueOnce({
      data: null as unknown as Record<string, unknown>,
      error: authError('user_not_found', 404),
    });
    await renderApp('/reset-password', { authClient });
    const user = userEvent.setup({ delay: null });

    await user.type(screen.getByLabelText(/^E-Mail-Adresse/, { selector: 'input' }), 'wer@schule.de');
    await user.click(screen.getByRole('button', { name: de.auth.resetPassword.submit }));

    expect(await screen.findByText(de.auth.resetPassword.sent)).toBeTruthy();
    expect(authClient.resetPasswordForEmail).toHaveBeenCalledWith('wer@schule.de', {
      redirectTo: `${window.location.origin}/update-password`,
    });
  });
});

describe('The demo at /demo', () => {
  function stubDemoEndpoint(response: Response) {
    const calls: string[] = [];
    createTeacherApi().install((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${input instanceof Request ? input.url : input.toString()}`);
      return Promise.resolve(response);
    });
    return calls;
  }

  it('signs into the demo session and opens the classes', async () => {
    const calls = stubDemoEndpoint(
      new Response(JSON.stringify({ access_token: 'demo-access', refresh_token: 'demo-refresh' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const authClient = createStubAuthClient();
    authClient.answers.setSession.mockResolvedValueOnce({
      data: { session: fakeSession({ role: 'teacher', email: 'demo@klassenzimmer.test' }), user: null },
      error: null,
    });
    const { router } = await renderApp('/demo', { authClient });

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Demo starten' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/classes'));
    expect(calls).toContain('POST /api/demo/session');
    expect(authClient.setSession).toHaveBeenCalledWith({
      access_token: 'demo-access',
      refresh_token: 'demo-refresh',
    });
  });

  it('lists what the demo account holds, with the numbers the API seeds', async () => {
    await renderApp('/demo');

    const list = await screen.findByRole('list', { name: de.demo.intro });
    const text = list.textContent ?? '';
    expect(text).toContain(`Klasse ${DEMO_CONTENT.className} und ${String(DEMO_CONTENT.students)} Schülern`);
    expect(text).toContain(`${String(DEMO_CONTENT.tasks)} Aufgaben`);
    expect(text).toContain(`${String(DEMO_CONTENT.submissions)} Abgaben`);
    expect(text).toContain(`${String(DEMO_CONTENT.handedBack)} zurückgegebene Abgaben`);
  });

  it('says that the demo is switched off when the server answers 404', async () => {
    stubDemoEndpoint(
      new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'x' }, requestId: 'r' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await renderApp('/demo');

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Demo starten' }));

    expect((await screen.findByRole('alert')).textContent).toContain(de.auth.demo.disabled);
  });
});
