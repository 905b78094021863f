import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { renderApp } from '../../../test/renderApp';
import { createTeacherApi, makeProfile, makeSubject } from '../../../test/teacherApi';

const t = de.registration;

describe('Profile settings on /account', { timeout: 20_000 }, () => {
  it('edits names, school and subjects with the dialog’s fields and saves them', async () => {
    const api = createTeacherApi({
      profile: makeProfile({ color_scheme: 'dark' }),
      subjects: [makeSubject({ name: 'Mathematik' })],
    }).install();
    await renderApp('/account', { signedInAs: 'teacher' });
    const form = await screen.findByRole('form', { name: t.settings.heading }, { timeout: 5000 });
    const user = userEvent.setup({ delay: null });

    const first = within(form).getByRole<HTMLInputElement>('textbox', { name: /^Vorname/ });
    expect(first.value).toBe('Erika');
    await user.clear(first);
    await user.type(first, 'E');
    await user.tab();
    expect(await within(form).findByText('Der Vorname muss mindestens 2 Zeichen lang sein')).toBeTruthy();
    expect(within(form).getByRole('button', { name: t.settings.save }).hasAttribute('disabled')).toBe(true);
    await user.type(first, 'va');

    // No directory on this server: school and city are free text; a partial school is not saved.
    await user.type(within(form).getByRole('textbox', { name: t.fields.school }), 'Schule am Park');
    expect(within(form).getByText(t.settings.schoolIncomplete)).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: t.fields.city }), 'Berlin');

    const owned = within(form).getByRole<HTMLInputElement>('checkbox', { name: 'Mathematik' });
    expect(owned.checked).toBe(true);
    expect(owned.disabled).toBe(true);
    await user.click(within(form).getByRole('checkbox', { name: 'Physik' }));
    await user.click(within(form).getByRole('button', { name: t.settings.save }));

    // The toast's stack is a chunk of its own, loaded with the first toast (slow under a loaded machine).
    expect(await screen.findByText(t.settings.saved, {}, { timeout: 5000 })).toBeTruthy();
    expect(api.db.profile?.meta_data).toEqual({
      first_name: 'Eva',
      last_name: 'Mustermann',
      avatar_url: null,
      school: null,
      color_scheme: 'dark',
    });
    await waitFor(() => expect(api.db.subjects.map((s) => s.name).sort()).toEqual(['Mathematik', 'Physik']));
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/api/subjects')).toHaveLength(1);
  });

  it("says 'Fehler beim Speichern des Profils' when the save fails and keeps the input", async () => {
    const api = createTeacherApi().install();
    api.failNext('PUT', /^\/api\/profile$/);
    await renderApp('/account', { signedInAs: 'teacher' });
    const form = await screen.findByRole('form', { name: t.settings.heading }, { timeout: 5000 });
    const user = userEvent.setup({ delay: null });
    const last = within(form).getByRole<HTMLInputElement>('textbox', { name: /^Nachname/ });
    await user.type(last, '-Lüdenscheid');
    await user.click(within(form).getByRole('button', { name: t.settings.save }));

    expect(
      await screen.findByText(de.toasts.registration.profileSaveFailed, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(last.value).toBe('Mustermann-Lüdenscheid');
  });
});
