import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { authError, createStubAuthClient, fakeSession } from '../../../test/authStub';
import { renderApp } from '../../../test/renderApp';

async function submitNewPassword(password = 'NeuesPasswort1', confirmation = password) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/^Neues Passwort/, { selector: 'input' }), password);
  await user.type(screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }), confirmation);
  await user.click(screen.getByRole('button', { name: de.auth.updatePassword.submit }));
}

function answerUpdate(error: unknown, role: 'teacher' | null = 'teacher') {
  const authClient = createStubAuthClient(fakeSession({ role }));
  authClient.answers.updateUser.mockResolvedValueOnce({ data: { user: null }, error });
  return authClient;
}

describe('Setting a new password at /update-password (PRODUCT.md §8)', () => {
  it('shows weak_password with the pwned hint and stays on the page', async () => {
    const authClient = answerUpdate(authError('weak_password', 422, { reasons: ['pwned'] }));
    const { router } = await renderApp('/update-password', { authClient });

    await submitNewPassword();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Das Passwort ist zu schwach.');
    expect(alert.textContent).toContain('Dieses Passwort wurde in Datenlecks gefunden.');
    expect(alert.textContent).toContain('Bitte wähle ein sichereres Passwort.');
    expect(router.state.location.pathname).toBe('/update-password');
    expect(authClient.updateUser).toHaveBeenCalledWith({
      password: 'NeuesPasswort1',
      data: { has_password: true },
    });
  });

  it('leaves the pwned hint out when the password is weak for other reasons', async () => {
    await renderApp('/update-password', {
      authClient: answerUpdate(authError('weak_password', 422, { reasons: ['length', 'characters'] })),
    });

    await submitNewPassword();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Das Passwort ist zu schwach.');
    expect(alert.textContent).not.toContain('Datenlecks');
    expect(alert.textContent).toContain('Bitte wähle ein sichereres Passwort.');
  });

  it('treats same_password as done and moves on', async () => {
    const { router } = await renderApp('/update-password', {
      authClient: answerUpdate(authError('same_password', 422)),
    });

    await submitNewPassword();

    await waitFor(() => expect(router.state.location.pathname).toBe('/classes'));
    expect(await screen.findByText(de.auth.updatePassword.saved)).toBeTruthy();
  });

  it('moves an account without a role on to the waitlist after saving', async () => {
    const { router } = await renderApp('/update-password', { authClient: answerUpdate(null, null) });

    await submitNewPassword();

    await waitFor(() => expect(router.state.location.pathname).toBe('/waitlist'));
  });

  it.each([
    ['invalid_credentials', 400, 'Ungültige Anmeldedaten'],
    ['over_request_rate_limit', 429, 'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut'],
    ['unexpected_failure', 500, 'Fehler beim Aktualisieren des Passworts'],
  ])('shows the message for %s and stays', async (code, status, message) => {
    const { router } = await renderApp('/update-password', {
      authClient: answerUpdate(authError(code, status)),
    });

    await submitNewPassword();

    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(router.state.location.pathname).toBe('/update-password');
  });

  it('checks the rules of PRODUCT.md §5 and the confirmation before asking the server', async () => {
    const authClient = answerUpdate(null);
    await renderApp('/update-password', { authClient });

    await submitNewPassword('kurz', 'anders');

    expect(await screen.findAllByText('Das Passwort muss mindestens 8 Zeichen lang sein')).not.toHaveLength(
      0,
    );
    expect(screen.getByText('Die Passwörter stimmen nicht überein')).toBeTruthy();
    expect(authClient.updateUser).not.toHaveBeenCalled();
  });

  it('asks for a new link when there is no session', async () => {
    await renderApp('/update-password');

    expect(await screen.findByText(de.auth.updatePassword.noSession)).toBeTruthy();
    expect(screen.getByRole('link', { name: de.auth.updatePassword.requestNew }).getAttribute('href')).toBe(
      '/reset-password',
    );
  });
});
