import type { Profile } from '@app/contract';
import { initialsAvatarUrl } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';
import { authError, createStubAuthClient, fakeSession } from '../../test/authStub';
import { renderApp } from '../../test/renderApp';
import { createTeacherApi, makeProfile, type TeacherApi } from '../../test/teacherApi';
import { COLOR_SCHEME_STORAGE_KEY } from '@app/contract';

// /account ('Preferences'): colour mode kept in the profile, password change, data export, deleting the
// account. The API and supabase-js' auth client are the stubs of the outer boundary.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers `PUT /api/profile` as the server does: the stored profile with the sent meta_data. */
function acceptProfileWrites(api: TeacherApi) {
  const written: Array<Profile['meta_data']> = [];
  api.intercept((call) => {
    if (call.method !== 'PUT' || call.path !== '/api/profile') return undefined;
    const { meta_data } = call.body as { meta_data: Profile['meta_data'] };
    written.push(meta_data);
    api.db.profile = { ...api.db.profile!, meta_data };
    return json(api.db.profile);
  });
  return written;
}

const colorSchemeAttribute = () => document.documentElement.getAttribute('data-mantine-color-scheme');

// Whole-app renders with typing: slow on the shared 2-core machines.
describe('/account', { timeout: 20_000 }, () => {
  let api: TeacherApi;
  beforeEach(() => {
    window.localStorage.clear();
    api = createTeacherApi({ profile: makeProfile({ first_name: 'Ada', last_name: 'Lovelace' }) }).install();
  });
  afterEach(() => {
    window.localStorage.clear();
  });

  it('shows who is signed in with the initials avatar, and the sections', async () => {
    await renderApp('/account', { signedInAs: 'teacher' });

    expect(await screen.findByRole('heading', { level: 1, name: de.titles.account })).toBeTruthy();
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText(de.account.signedInAs('lehrkraft@schule.de'))).toBeTruthy();
    const avatar = screen.getByRole('img', { name: de.account.avatarAlt('Ada Lovelace') });
    expect(avatar.getAttribute('src')).toBe(initialsAvatarUrl('Ada', 'Lovelace'));
    for (const heading of [
      de.account.colorScheme.heading,
      de.account.password.heading,
      de.account.export.heading,
      de.account.delete.heading,
    ])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
  });

  it('uses the profile’s names for the avatar of the user menu', async () => {
    await renderApp('/account', { signedInAs: 'teacher' });
    const menu = await screen.findByRole('button', { name: de.auth.userMenu.label });
    await waitFor(() =>
      expect(menu.querySelector('img')?.getAttribute('src')).toBe(initialsAvatarUrl('Ada', 'Lovelace')),
    );
  });

  it('switches the colour mode at once and keeps it in the profile with the other fields', async () => {
    const written = acceptProfileWrites(api);
    await renderApp('/account', { signedInAs: 'teacher' });
    const control = await screen.findByRole('radiogroup', { name: de.account.colorScheme.label });

    await userEvent.click(within(control).getByLabelText(de.account.colorScheme.dark));

    expect(colorSchemeAttribute()).toBe('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', color_scheme: 'dark' });
  });

  it('tells when the colour mode could not be saved', async () => {
    api.failNext('PUT', /^\/api\/profile$/);
    await renderApp('/account', { signedInAs: 'teacher' });
    const control = await screen.findByRole('radiogroup', { name: de.account.colorScheme.label });
    await userEvent.click(within(control).getByLabelText(de.account.colorScheme.light));
    expect(await screen.findByText(de.account.colorScheme.saveFailed)).toBeTruthy();
  });

  it('applies the profile’s colour mode when the signed-in app loads, and stores it for the next start', async () => {
    api.db.profile = makeProfile({ color_scheme: 'dark' });
    await renderApp('/classes', { signedInAs: 'teacher' });
    await waitFor(() => expect(colorSchemeAttribute()).toBe('dark'));
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
  });

  it(
    'changes the password: a weak one shows the messages, a good one is saved and the page stays',
    {
      timeout: 20_000,
    },
    async () => {
      const authClient = createStubAuthClient(fakeSession({ role: 'teacher' }));
      authClient.answers.updateUser.mockResolvedValueOnce({
        data: { user: null },
        error: authError('weak_password', 422, { reasons: ['pwned'] }),
      });
      const { router } = await renderApp('/account', { authClient });
      const section = within(await screen.findByRole('region', { name: de.account.password.heading }));
      const fill = async (password: string) => {
        await userEvent.clear(section.getByLabelText(/^Neues Passwort/, { selector: 'input' }));
        await userEvent.type(section.getByLabelText(/^Neues Passwort/, { selector: 'input' }), password);
        await userEvent.clear(section.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }));
        await userEvent.type(
          section.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }),
          password,
        );
        await userEvent.click(section.getByRole('button', { name: de.auth.updatePassword.submit }));
      };

      await fill('Passwort123');
      expect(await section.findByText(de.passwordUpdate.weak)).toBeTruthy();
      expect(section.getByText(de.passwordUpdate.pwned)).toBeTruthy();
      expect(section.getByText(de.passwordUpdate.chooseStronger)).toBeTruthy();

      await fill('Lange9Sichere4Worte');
      expect(await screen.findByText(de.auth.updatePassword.saved)).toBeTruthy();
      expect(authClient.updateUser).toHaveBeenLastCalledWith({
        password: 'Lange9Sichere4Worte',
        data: { has_password: true },
      });
      expect(router.state.location.pathname).toBe('/account');
      expect(section.getByLabelText<HTMLInputElement>(/^Neues Passwort/, { selector: 'input' }).value).toBe(
        '',
      );
    },
  );

  it('offers neither a password change nor deletion for the shared demo login', async () => {
    const authClient = createStubAuthClient(
      fakeSession({ role: 'teacher', email: 'lehrkraft@demo.klassenzimmer.example' }),
    );
    await renderApp('/account', { authClient });
    const password = within(await screen.findByRole('region', { name: de.account.password.heading }));
    expect(password.getByText(de.errors.DEMO_ACCOUNT_LOCKED)).toBeTruthy();
    expect(password.queryByLabelText(/^Neues Passwort/, { selector: 'input' })).toBeNull();
    const remove = within(screen.getByRole('region', { name: de.account.delete.heading }));
    expect(remove.getByText(de.errors.DEMO_ACCOUNT_LOCKED)).toBeTruthy();
    expect(remove.queryByRole('button')).toBeNull();
    // The export stays: the demo's data is worth a look.
    expect(screen.getByRole('region', { name: de.account.export.heading })).toBeTruthy();
  });

  it('downloads the export under the server’s file name', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06]);
    api.intercept((call) =>
      call.method === 'GET' && call.path === '/api/account/export'
        ? new Response(zip, {
            headers: {
              'Content-Type': 'application/zip',
              'Content-Disposition': 'attachment; filename="klassenzimmer-export-2026-11-25.zip"',
            },
          })
        : undefined,
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await renderApp('/account', { signedInAs: 'teacher' });

    await userEvent.click(await screen.findByRole('button', { name: de.account.export.button }));

    expect(await screen.findByText(de.account.export.done)).toBeTruthy();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('klassenzimmer-export-2026-11-25.zip');
    expect(clicked[0]!.href).toBe('blob:export');
    expect(createObjectURL.mock.calls[0]![0].size).toBe(4);
  });

  it('shows the server’s message when the export is refused', async () => {
    api.intercept((call) =>
      call.path === '/api/account/export'
        ? json(
            {
              error: { code: 'RATE_LIMITED', message: 'Zu viele Anfragen. Bitte warte kurz.' },
              requestId: 'r1',
            },
            429,
          )
        : undefined,
    );
    await renderApp('/account', { signedInAs: 'teacher' });
    await userEvent.click(await screen.findByRole('button', { name: de.account.export.button }));
    expect(await screen.findByText('Zu viele Anfragen. Bitte warte kurz.')).toBeTruthy();
  });

  it(
    'deletes the account only after the e-mail is typed, then signs out and opens the sign-in page',
    {
      timeout: 20_000,
    },
    async () => {
      const deletes: string[] = [];
      api.intercept((call) => {
        if (call.method !== 'DELETE' || call.path !== '/api/account') return undefined;
        deletes.push(call.path);
        return json({ message: 'Konto und alle zugehörigen Daten wurden gelöscht' });
      });
      const authClient = createStubAuthClient(fakeSession({ role: 'teacher' }));
      const { router } = await renderApp('/account', { authClient });

      await userEvent.click(await screen.findByRole('button', { name: de.account.delete.button }));
      const dialog = await screen.findByRole('dialog', { name: de.account.delete.dialogTitle });
      const input = within(dialog).getByLabelText(de.account.delete.emailLabel, { exact: false });
      await userEvent.type(input, 'jemand@anders.de');
      await userEvent.click(within(dialog).getByRole('button', { name: de.account.delete.confirm }));
      expect(await within(dialog).findByText(de.account.delete.mismatch)).toBeTruthy();
      expect(deletes).toHaveLength(0);

      await userEvent.clear(input);
      await userEvent.type(input, 'Lehrkraft@Schule.de');
      await userEvent.click(within(dialog).getByRole('button', { name: de.account.delete.confirm }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(deletes).toHaveLength(1);
      expect(authClient.signOut).toHaveBeenCalled();
      expect(authClient.current()).toBeNull();
      expect(await screen.findByText(de.account.delete.deleted)).toBeTruthy();
    },
  );
});
