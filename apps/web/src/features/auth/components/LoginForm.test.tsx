import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { authError, createStubAuthClient, fakeSession } from '../../../test/authStub';
import { renderApp } from '../../../test/renderApp';

async function signIn(email = 'lehrkraft@schule.de', password = 'Geheim123') {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/^E-Mail-Adresse/, { selector: 'input' }), email);
  await user.type(screen.getByLabelText(/^Passwort/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: de.auth.login.submit }));
  return user;
}

function rejectSignIn(code: string, status: number) {
  const authClient = createStubAuthClient();
  authClient.answers.signInWithPassword.mockResolvedValueOnce({
    data: { user: null, session: null },
    error: authError(code, status),
  });
  return authClient;
}

describe('Signing in at /login', () => {
  it("shows 'Ungültige Anmeldedaten' for wrong credentials", async () => {
    const authClient = rejectSignIn('invalid_credentials', 400);
    const { router } = await renderApp('/login', { authClient });

    await signIn();

    expect((await screen.findByRole('alert')).textContent).toContain('Ungültige Anmeldedaten');
    expect(authClient.signInWithPassword).toHaveBeenCalledWith({
      email: 'lehrkraft@schule.de',
      password: 'Geheim123',
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the rate-limit text for over_request_rate_limit', async () => {
    await renderApp('/login', { authClient: rejectSignIn('over_request_rate_limit', 429) });

    await signIn();

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut',
    );
  });

  it('explains an unconfirmed address and sends the confirmation mail again', async () => {
    const authClient = rejectSignIn('email_not_confirmed', 400);
    await renderApp('/login', { authClient });

    const user = await signIn();

    expect(await screen.findByText(de.auth.login.emailNotConfirmed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bestätigungsmail erneut senden' }));

    expect(await screen.findByText(de.auth.login.resent)).toBeTruthy();
    expect(authClient.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'lehrkraft@schule.de',
      options: { emailRedirectTo: `${window.location.origin}/email-confirmed` },
    });
  });

  it('shows a general German message for any other failure', async () => {
    await renderApp('/login', { authClient: rejectSignIn('unexpected_failure', 500) });

    await signIn();

    expect((await screen.findByRole('alert')).textContent).toContain(de.auth.login.failed);
  });

  it('checks the e-mail address before asking the server', async () => {
    const authClient = createStubAuthClient();
    await renderApp('/login', { authClient });

    await signIn('keine-adresse', 'x');

    expect(await screen.findByText(de.auth.invalidEmail)).toBeTruthy();
    expect(authClient.signInWithPassword).not.toHaveBeenCalled();
  });

  it('goes back to the page the guard came from after signing in as a teacher', async () => {
    const authClient = createStubAuthClient();
    const { router } = await renderApp('/subjects', { authClient });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/subjects' });

    authClient.answers.signInWithPassword.mockResolvedValueOnce({
      data: { user: fakeSession().user, session: fakeSession({ role: 'teacher' }) },
      error: null,
    });
    await signIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/subjects'));
  });

  it('sends an account without a role to the waitlist', async () => {
    const authClient = createStubAuthClient();
    authClient.answers.signInWithPassword.mockResolvedValueOnce({
      data: { user: fakeSession().user, session: fakeSession({ role: null }) },
      error: null,
    });
    const { router } = await renderApp('/login', { authClient });

    await signIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/waitlist'));
    expect(await screen.findByText(de.auth.waitlist.text)).toBeTruthy();
  });

  it('offers the ways to register and to reset the password', async () => {
    await renderApp('/login');

    expect(screen.getByRole('link', { name: /Jetzt registrieren/ }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: de.auth.login.forgotPassword }).getAttribute('href')).toBe(
      '/reset-password',
    );
    await act(() => Promise.resolve());
  });
});
