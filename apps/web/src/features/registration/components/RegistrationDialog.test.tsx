import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { authError, createStubAuthClient, fakeSession } from '../../../test/authStub';
import { renderApp } from '../../../test/renderApp';
import { apiErrorResponse, createTeacherApi, makeProfile, makeSubject } from '../../../test/teacherApi';

const t = de.registration;

/** A teacher fresh from /register: no profile, no flags but the password set at sign-up. */
function newTeacher(userMetadata: Record<string, unknown> = { has_password: true }) {
  return createStubAuthClient(fakeSession({ role: 'teacher', userMetadata }));
}

async function dialog() {
  return screen.findByRole('dialog', { name: t.dialogLabel }, { timeout: 3000 });
}

const button = (name: string) => screen.queryByRole('button', { name });

function updateUserCalls(authClient: ReturnType<typeof newTeacher>) {
  return authClient.updateUser.mock.calls.map(([attributes]) => attributes);
}

async function fillNames(user: ReturnType<typeof userEvent.setup>, first = 'Erika', last = 'Mustermann') {
  await user.type(await screen.findByRole('textbox', { name: /^Vorname/ }), first);
  await user.type(screen.getByRole('textbox', { name: /^Nachname/ }), last);
}

describe('The registration dialog (PRODUCT.md §2, §4)', { timeout: 20_000 }, () => {
  it('shows the loading overlay, then the name step with its messages, and saves the names on leaving it', async () => {
    const api = createTeacherApi({ profile: null }).install();
    const held = api.holdNext('GET', /^\/api\/profile$/);
    const authClient = newTeacher();
    await renderApp('/classes', { authClient });
    const modal = await dialog();
    expect(within(modal).getByText(t.loading)).toBeTruthy();
    held.release();

    const user = userEvent.setup({ delay: null });
    const first = await within(modal).findByRole('textbox', { name: /^Vorname/ });
    expect(first.getAttribute('placeholder')).toBe(t.fields.firstNamePlaceholder);
    expect(button(t.buttons.next)?.hasAttribute('disabled')).toBe(true);
    expect(button(t.buttons.back)).toBeNull();
    expect(button(t.buttons.skip)).toBeNull();
    expect(button(de.close.dialog)).toBeNull();

    await user.type(first, 'E');
    await user.tab();
    expect(await screen.findByText('Der Vorname muss mindestens 2 Zeichen lang sein')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Nachname/ }), 'M');
    await user.tab();
    expect(await screen.findByText('Der Nachname muss mindestens 2 Zeichen lang sein')).toBeTruthy();
    await user.type(first, 'rika');
    await user.type(screen.getByRole('textbox', { name: /^Nachname/ }), 'ustermann');
    await user.click(button(t.buttons.next)!);

    expect(await screen.findByText(t.security.alreadySet)).toBeTruthy();
    expect(api.db.profile?.meta_data).toMatchObject({
      first_name: 'Erika',
      last_name: 'Mustermann',
      school: null,
    });
    expect(updateUserCalls(authClient)).toEqual([{ data: { registration_pending: true } }]);
  });

  it('keeps what was typed and says so when the profile cannot be saved', async () => {
    const api = createTeacherApi({ profile: null }).install();
    api.failNext('PUT', /^\/api\/profile$/);
    const authClient = newTeacher();
    await renderApp('/classes', { authClient });
    await dialog();
    const user = userEvent.setup({ delay: null });
    await fillNames(user);
    await user.click(button(t.buttons.next)!);

    expect(await screen.findByText(de.toasts.registration.profileUpdateFailed)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Vorname/ }).value).toBe('Erika');
    expect(updateUserCalls(authClient)).toEqual([]);
    await user.click(button(t.buttons.next)!);
    expect(await screen.findByText(t.security.alreadySet)).toBeTruthy();
  });

  it('asks for a password with the rules and the mismatch message when none is set, and sets it', async () => {
    createTeacherApi({ profile: makeProfile() }).install();
    const authClient = newTeacher({});
    await renderApp('/subjects', { authClient });
    await dialog();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: t.buttons.next }));

    const password = await screen.findByLabelText(/^Passwort\s*\*?$/, { selector: 'input' });
    expect(screen.queryByText(t.security.alreadySet)).toBeNull();
    expect(screen.getAllByRole('button', { name: de.auth.showPassword })).toHaveLength(2);
    await user.type(password, 'kreide');
    await user.tab();
    expect(
      await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeTruthy();
    await user.type(password, 'tafel');
    expect(
      await screen.findByText('Das Passwort muss mindestens einen Großbuchstaben enthalten', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'KREIDETAFEL');
    expect(
      await screen.findByText('Das Passwort muss mindestens einen Kleinbuchstaben enthalten', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'Kreidetafel');
    expect(
      await screen.findByText('Das Passwort muss mindestens eine Zahl enthalten', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeTruthy();
    await user.type(password, '7');
    const confirmation = screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' });
    await user.type(confirmation, 'Kreidetafel8');
    await user.tab();
    expect(await screen.findByText('Die Passwörter stimmen nicht überein')).toBeTruthy();
    expect(button(t.buttons.next)?.hasAttribute('disabled')).toBe(true);
    await user.clear(confirmation);
    await user.type(confirmation, 'Kreidetafel7');

    authClient.answers.updateUser.mockResolvedValueOnce({
      data: { user: null },
      error: authError('weak_password', 422, { reasons: ['pwned'] }),
    });
    await user.click(button(t.buttons.next)!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Das Passwort ist zu schwach.');
    expect(alert.textContent).toContain('Dieses Passwort wurde in Datenlecks gefunden.');
    expect(alert.textContent).toContain('Bitte wähle ein sichereres Passwort.');

    await user.click(button(t.buttons.next)!);
    expect(await screen.findByRole('heading', { name: t.school.heading })).toBeTruthy();
    expect(updateUserCalls(authClient)).toContainEqual({
      password: 'Kreidetafel7',
      data: { has_password: true },
    });
    await user.click(button(t.buttons.back)!);
    expect(await screen.findByText(t.security.alreadySet)).toBeTruthy();
  });

  it('counts same_password as set and moves on, recording the flag', async () => {
    createTeacherApi({ profile: makeProfile() }).install();
    const authClient = newTeacher({});
    await renderApp('/classes', { authClient });
    await dialog();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: t.buttons.next }));
    await user.type(await screen.findByLabelText(/^Passwort\s*\*?$/, { selector: 'input' }), 'Kreidetafel7');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }), 'Kreidetafel7');
    authClient.answers.updateUser.mockResolvedValueOnce({
      data: { user: null },
      error: authError('same_password', 422),
    });
    await user.click(button(t.buttons.next)!);

    expect(await screen.findByRole('heading', { name: t.school.heading })).toBeTruthy();
    expect(updateUserCalls(authClient)).toContainEqual({ data: { has_password: true } });
  });

  it('offers Überspringen on the optional steps only and finishes: subjects created once, flags set', async () => {
    const api = createTeacherApi({
      profile: null,
      subjects: [makeSubject({ name: 'Mathematik' })],
    }).install();
    const authClient = newTeacher();
    await renderApp('/classes', { authClient });
    await dialog();
    const user = userEvent.setup({ delay: null });
    await fillNames(user);
    await user.click(button(t.buttons.next)!);
    await screen.findByText(t.security.alreadySet);
    expect(button(t.buttons.skip)).toBeNull();
    await user.click(button(t.buttons.next)!);

    // School, free text (no directory on this server): Weiter once any field is filled.
    await screen.findByRole('heading', { name: t.school.heading });
    expect(button(t.buttons.skip)).not.toBeNull();
    expect(button(t.buttons.next)?.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: t.fields.city }), 'Ulm');
    expect(button(t.buttons.next)?.hasAttribute('disabled')).toBe(false);
    await user.click(button(t.buttons.skip)!);

    await screen.findByRole('heading', { name: t.subjects.heading });
    expect(screen.getByText(t.subjects.none)).toBeTruthy();
    expect(button(t.buttons.finish)?.hasAttribute('disabled')).toBe(true);
    expect(button(t.buttons.skip)).not.toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Physik' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mathematik' }));
    expect(screen.getByText(t.subjects.selected(['Mathematik', 'Physik']))).toBeTruthy();
    await user.click(button(t.buttons.finish)!);

    expect(await screen.findByText(de.toasts.registration.completed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.dialogLabel })).toBeNull());
    expect(api.db.subjects.map((s) => s.name).sort()).toEqual(['Mathematik', 'Physik']);
    // Skipped: the school stays unsaved.
    expect(api.db.profile?.meta_data.school).toBeNull();
    expect(updateUserCalls(authClient).at(-1)).toEqual({
      data: { registration_pending: false, registration_completed: true, profile_setup_done: true },
    });
  });

  it('suggests schools of the chosen state, fills the city, and says when none match', async () => {
    const api = createTeacherApi({
      profile: makeProfile(),
      schools: { BY: [{ id: 'BY-1', name: 'Gymnasium Leopoldinum', city: 'Passau' }] },
    }).install();
    await renderApp('/classes', { authClient: newTeacher() });
    await dialog();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: t.buttons.next }));
    await screen.findByText(t.security.alreadySet);
    await user.click(button(t.buttons.next)!);
    await screen.findByRole('heading', { name: t.school.heading });
    expect(screen.getByText(t.school.source)).toBeTruthy();

    await user.click(screen.getByRole('textbox', { name: t.fields.federalState }));
    await user.click(await screen.findByRole('option', { name: 'Bayern', hidden: true }));
    const school = screen.getByRole<HTMLInputElement>('combobox', { name: t.fields.school });
    await user.type(school, 'zzz');
    expect(await screen.findByText(t.school.noResults, {}, { timeout: 2000 })).toBeTruthy();
    await user.clear(school);
    await user.type(school, 'leopold');
    // jsdom has no layout: the floating list stays `display: none`, its options are there all the same.
    await screen.findByRole('option', { name: /Gymnasium Leopoldinum/, hidden: true }, { timeout: 2000 });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(school.value).toBe('Gymnasium Leopoldinum');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: t.fields.city }).value).toBe('Passau');
    expect(api.calls.some((c) => c.path === '/api/schools' && c.query.get('q') === 'leopold')).toBe(true);

    await user.click(button(t.buttons.next)!);
    await screen.findByRole('heading', { name: t.subjects.heading });
    await user.click(button(t.buttons.skip)!);
    await screen.findByText(de.toasts.registration.completed);
    expect(api.db.profile?.meta_data.school).toEqual({
      bundesland: 'Bayern',
      city: 'Passau',
      schule: 'Gymnasium Leopoldinum',
    });
  });

  it("toasts 'Fehler beim Laden der Schulen' when the search fails, and the field stays free text", async () => {
    const api = createTeacherApi({ profile: makeProfile(), schools: { BY: [] } }).install();
    api.intercept((call) =>
      call.path === '/api/schools' ? apiErrorResponse('SCHOOL_DIRECTORY_UNAVAILABLE') : undefined,
    );
    await renderApp('/classes', { authClient: newTeacher() });
    await dialog();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: t.buttons.next }));
    await screen.findByText(t.security.alreadySet);
    await user.click(button(t.buttons.next)!);
    await user.click(await screen.findByRole('textbox', { name: t.fields.federalState }));
    await user.click(await screen.findByRole('option', { name: 'Bayern', hidden: true }));
    await user.type(screen.getByRole('combobox', { name: t.fields.school }), 'Realschule');

    expect(
      await screen.findByText(de.toasts.registration.schoolsLoadFailed, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: t.fields.school }).value).toBe(
      'Realschule',
    );
  });

  it('stays closed for a registered teacher with a profile, and opens when the profile is missing', async () => {
    createTeacherApi().install();
    await renderApp('/classes', { signedInAs: 'teacher' });
    await screen.findByRole('heading', { name: de.titles.classes });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: t.dialogLabel })).toBeNull();
  });

  it('opens for a registered teacher without a profile', async () => {
    createTeacherApi({ profile: null }).install();
    await renderApp('/classes', { signedInAs: 'teacher' });
    expect(await dialog()).toBeTruthy();
  });

  it('never opens on the account pages, even when registration is missing', async () => {
    createTeacherApi({ profile: null }).install();
    await renderApp('/waitlist', { authClient: newTeacher({}) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: t.dialogLabel })).toBeNull();
  });
});
