import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { authError, createStubAuthClient, fakeSession } from '../../test/authStub';
import { renderApp } from '../../test/renderApp';
import { createTeacherApi } from '../../test/teacherApi';

// `/email-confirmed` says the address is confirmed only when this browser took over the session the
// confirmation link carried (the auth server issues it only after verifying the link). Without a link, or
// with one that cannot be used here, the page explains the situation and offers a way forward.

beforeEach(() => {
  createTeacherApi().install();
});

const confirmed = () => screen.queryByText(de.auth.emailConfirmed.text);

describe('/email-confirmed', () => {
  it('does not say "bestätigt" in its heading without a confirmation', async () => {
    await renderApp('/email-confirmed', { authClient: createStubAuthClient() });
    await screen.findByText(de.auth.emailConfirmed.noLink);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(de.auth.emailConfirmed.title);
  });

  it('does not claim a confirmation when opened without a link, and offers sign-in and a new mail', async () => {
    const authClient = createStubAuthClient();
    await renderApp('/email-confirmed', { authClient });

    expect(await screen.findByText(de.auth.emailConfirmed.noLink)).toBeTruthy();
    expect(confirmed()).toBeNull();
    expect(screen.getByRole('link', { name: de.auth.emailConfirmed.loginButton }).getAttribute('href')).toBe(
      '/login',
    );

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^E-Mail-Adresse/, { selector: 'input' }), 'neu@schule.de');
    await user.click(screen.getByRole('button', { name: de.auth.emailConfirmed.resend }));

    expect(await screen.findByText(de.auth.emailConfirmed.resent)).toBeTruthy();
    expect(authClient.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'neu@schule.de',
      options: { emailRedirectTo: `${window.location.origin}/email-confirmed` },
    });
  });

  it('checks the address before asking for a new mail', async () => {
    const authClient = createStubAuthClient();
    await renderApp('/email-confirmed', { authClient });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: de.auth.emailConfirmed.resend }));

    expect(await screen.findByText(de.auth.invalidEmail)).toBeTruthy();
    expect(authClient.resend).not.toHaveBeenCalled();
  });

  it('says when too many mails were requested', async () => {
    const authClient = createStubAuthClient();
    authClient.answers.resend.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: authError('over_email_send_rate_limit', 429),
    });
    await renderApp('/email-confirmed', { authClient });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^E-Mail-Adresse/, { selector: 'input' }), 'neu@schule.de');
    await user.click(screen.getByRole('button', { name: de.auth.emailConfirmed.resend }));

    expect(await screen.findByText(de.auth.rateLimited)).toBeTruthy();
  });

  it('does not claim a confirmation when the code cannot be used in this browser', async () => {
    await renderApp('/email-confirmed?code=fremd');

    expect(await screen.findByText(de.auth.emailConfirmed.notConfirmed)).toBeTruthy();
    expect(confirmed()).toBeNull();
    expect(screen.getByRole('link', { name: de.auth.emailConfirmed.loginButton })).toBeTruthy();
    expect(screen.getByRole('button', { name: de.auth.emailConfirmed.resend })).toBeTruthy();
  });

  it('does not take an older session of this browser for a confirmation', async () => {
    const authClient = createStubAuthClient(fakeSession({ role: 'teacher' }));
    const { router } = await renderApp('/email-confirmed?code=alt', { authClient });

    expect(await screen.findByText(de.auth.emailConfirmed.notConfirmed)).toBeTruthy();
    expect(confirmed()).toBeNull();
    // Signed in already: the way on is the app, not the sign-in page.
    const next = screen.getByRole('link', { name: de.auth.emailConfirmed.continue });
    expect(next.getAttribute('href')).toBe('/classes');
    expect(router.state.location.pathname).toBe('/email-confirmed');
  });

  it('sends a signed-in user who opens the page without a link on into the app, without claiming anything', async () => {
    await renderApp('/email-confirmed', { signedInAs: null });

    expect(await screen.findByText(de.auth.emailConfirmed.noLinkSignedIn)).toBeTruthy();
    expect(confirmed()).toBeNull();
    expect(screen.getByRole('link', { name: de.auth.emailConfirmed.continue }).getAttribute('href')).toBe(
      '/waitlist',
    );
  });

  it('says confirmed once the tokens of the link became this browser’s session', async () => {
    const authClient = createStubAuthClient();
    const { router } = await renderApp(
      '/email-confirmed#access_token=a1&refresh_token=r1&expires_in=3600&token_type=bearer&type=signup',
      { authClient },
    );

    expect(await screen.findByText(de.auth.emailConfirmed.text)).toBeTruthy();
    expect(authClient.setSession).toHaveBeenCalledWith({ access_token: 'a1', refresh_token: 'r1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/waitlist'), { timeout: 4000 });
  });

  it('explains a link the auth server refused', async () => {
    await renderApp(
      '/email-confirmed#error=server_error&error_code=unexpected_failure&error_description=Fehler',
    );

    expect(await screen.findByText(de.auth.emailConfirmed.failed)).toBeTruthy();
    expect(confirmed()).toBeNull();
    expect(screen.getByRole('button', { name: de.auth.emailConfirmed.resend })).toBeTruthy();
  });
});
