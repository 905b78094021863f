import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { createStubAuthClient } from '../../../test/authStub';
import { renderApp } from '../../../test/renderApp';
import { RESEND_COOLDOWN_SECONDS } from './RegisterForm';

describe('The check-mail screen after signing up at /register', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the confirmation mail again once the cooldown has passed, then waits again', async () => {
    const authClient = createStubAuthClient();
    await renderApp('/register', { authClient });
    const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.type(screen.getByLabelText(/^E-Mail-Adresse/, { selector: 'input' }), 'neu@schule.de');
    await user.type(screen.getByLabelText(/^Passwort\s*\*?$/, { selector: 'input' }), 'Geheim123!x');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }), 'Geheim123!x');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: de.auth.register.submit }));
    expect(await screen.findByText(de.auth.register.checkMailHeading)).toBeTruthy();

    const resend = screen.getByRole('button', { name: de.auth.register.resend });
    expect(resend.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('resend-wait').textContent).toBe(
      de.auth.register.resendIn(RESEND_COOLDOWN_SECONDS),
    );
    for (let i = 0; i < RESEND_COOLDOWN_SECONDS; i += 1)
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    expect(resend.hasAttribute('disabled')).toBe(false);
    await user.click(resend);
    expect(await screen.findByText(de.auth.register.resent)).toBeTruthy();
    expect(authClient.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'neu@schule.de',
      options: { emailRedirectTo: `${window.location.origin}/email-confirmed` },
    });
    expect(screen.getByRole('button', { name: de.auth.register.resend }).hasAttribute('disabled')).toBe(true);
  });
});
