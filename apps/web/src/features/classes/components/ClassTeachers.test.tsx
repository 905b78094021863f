import { errorMessages, INVALID_EMAIL_MESSAGE } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { TEST_USER_ID } from '../../../test/authStub';
import { renderApp } from '../../../test/renderApp';
import {
  createTeacherApi,
  makeClass,
  makeColleague,
  makeSubject,
  ownerTeacher,
} from '../../../test/teacherApi';

const t = de.sharing.teachers;

function teachersSection() {
  return within(screen.getByRole('region', { name: t.heading }));
}

/** The rows of the teachers' list as "name · role [· eingeladen]". */
function rows(): string[] {
  const list = teachersSection().queryByRole('list', { name: t.heading });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => {
      const name = item.querySelector('p')?.textContent ?? '';
      const select = item.querySelector('select');
      const badges = [...item.querySelectorAll('.mantine-Badge-label')].map((b) => b.textContent ?? '');
      const role = select ? de.sharing.roles[select.value as 'view'] : badges.find((b) => b !== t.pending);
      return [name, role, ...(badges.includes(t.pending) ? [t.pending] : [])].join(' · ');
    });
}

function ownClass() {
  const subject = makeSubject();
  const cls = makeClass({ name: '7b', subject_id: subject.id });
  const anna = makeColleague('Anna Schulz', { role: 'grade' });
  const jonas = makeColleague('Jonas Weber', { role: 'view', status: 'pending' });
  const lena = makeColleague('Lena Koch');
  const api = createTeacherApi({
    subjects: [subject],
    classes: [cls],
    teachers: { [cls.id]: [ownerTeacher(), anna, jonas] },
    colleagues: [anna, jonas, lena],
  }).install();
  return { api, cls, anna, jonas, lena };
}

describe('The teachers of a class (co-teaching)', () => {
  it('shows who has access with their role, and invites a colleague with "kann bewerten" unless chosen otherwise', async () => {
    const { api, cls, lena } = ownClass();
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()).toEqual([
      `Erika Mustermann (${t.you}) · ${de.sharing.roles.owner}`,
      `Anna Schulz · ${de.sharing.roles.grade}`,
      `Jonas Weber · ${de.sharing.roles.view} · ${t.pending}`,
    ]);
    const section = teachersSection();
    expect(section.getByText('anna.schulz@schule.de')).toBeTruthy();
    // The owner's row cannot be changed; the others' can.
    expect(section.queryByRole('combobox', { name: t.roleLabel('Erika Mustermann') })).toBeNull();
    expect(section.getByRole('button', { name: t.removeLabel('Anna Schulz') })).toBeTruthy();
    expect(section.getByRole('button', { name: t.withdrawLabel('Jonas Weber') })).toBeTruthy();
    // The owner does not leave their own class.
    expect(section.queryByRole('button', { name: de.sharing.leave.button })).toBeNull();

    const role = section.getByRole('combobox', { name: de.sharing.invite.role });
    expect((role as HTMLSelectElement).value).toBe('grade');
    await user.type(section.getByRole('textbox', { name: /^E-Mail-Adresse/ }), ' Lena.Koch@schule.de ');
    await user.click(section.getByRole('button', { name: de.sharing.invite.submit }));

    expect(await screen.findByText(de.sharing.toasts.invited(lena.email))).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: `/api/classes/${cls.id}/teachers`,
        body: { email: 'lena.koch@schule.de', role: 'grade' },
      }),
    );
    await waitFor(() => expect(rows()).toContain(`Lena Koch · ${de.sharing.roles.grade} · ${t.pending}`));
    expect(section.getByRole<HTMLInputElement>('textbox', { name: /^E-Mail-Adresse/ }).value).toBe('');
  });

  it('shows the server’s reason when nobody has that address, and keeps what was typed', async () => {
    const { api, cls } = ownClass();
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    const section = teachersSection();

    await user.click(section.getByRole('button', { name: de.sharing.invite.submit }));
    expect(await section.findByText(INVALID_EMAIL_MESSAGE)).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    const email = section.getByRole('textbox', { name: /^E-Mail-Adresse/ });
    await user.type(email, 'niemand@schule.de');
    await user.selectOptions(section.getByRole('combobox', { name: de.sharing.invite.role }), 'manage');
    await user.click(section.getByRole('button', { name: de.sharing.invite.submit }));

    expect(await screen.findByText(errorMessages.COLLEAGUE_NOT_FOUND)).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', body: { email: 'niemand@schule.de', role: 'manage' } }),
    );
    expect((email as HTMLInputElement).value).toBe('niemand@schule.de');
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('changes a colleague’s role', async () => {
    const { api, cls, anna } = ownClass();
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.selectOptions(
      await teachersSection().findByRole('combobox', { name: t.roleLabel('Anna Schulz') }),
      'manage',
    );

    expect(await screen.findByText(de.sharing.toasts.roleChanged)).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        path: `/api/classes/${cls.id}/teachers/${anna.user_id}`,
        body: { role: 'manage' },
      }),
    );
    expect(rows()).toContain(`Anna Schulz · ${de.sharing.roles.manage}`);
  });

  it('removes a colleague after asking: the list shows it at once, and puts them back when the server fails', async () => {
    const { api, cls, anna } = ownClass();
    const held = api.holdNext('DELETE', /\/teachers\//);
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await teachersSection().findByRole('button', { name: t.removeLabel('Anna Schulz') }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(t.removeText('Anna Schulz', '7b'))).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: t.removeConfirm }));

    // At once, before the server answered.
    await waitFor(() => expect(rows().some((row) => row.startsWith('Anna Schulz'))).toBe(false));
    held.release();
    expect(await screen.findByText(de.sharing.toasts.removed)).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/api/classes/${cls.id}/teachers/${anna.user_id}` }),
    );
    expect(api.db.teachers[cls.id]!.map((teacher) => teacher.user_id)).not.toContain(anna.user_id);

    // The invitation is withdrawn the same way; a refusal brings it back.
    api.failNext('DELETE', /\/teachers\//);
    await user.click(teachersSection().getByRole('button', { name: t.withdrawLabel('Jonas Weber') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t.withdrawConfirm }),
    );
    expect(await screen.findByText(de.sharing.toasts.removeFailed)).toBeTruthy();
    await waitFor(() =>
      expect(rows()).toEqual([
        `Erika Mustermann (${t.you}) · ${de.sharing.roles.owner}`,
        `Jonas Weber · ${de.sharing.roles.view} · ${t.pending}`,
      ]),
    );
  });

  it('shows a colleague the list read-only and lets them leave the class, then the class list without it', async () => {
    const subject = makeSubject();
    const shared = makeClass({ name: '9c', subject_id: subject.id, my_role: 'grade' });
    const own = makeClass({ name: '7b', subject_id: subject.id });
    const owner = makeColleague('Jonas Weber', { role: 'owner', invited_at: null });
    const me = ownerTeacher({ role: 'grade', invited_at: '2025-01-09T08:00:00.000Z' });
    const api = createTeacherApi({
      subjects: [subject],
      classes: [shared, own],
      teachers: { [shared.id]: [owner, me] },
    }).install();
    const { router } = await renderApp(`/classes/${shared.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()).toEqual([
      `Jonas Weber · ${de.sharing.roles.owner}`,
      `Erika Mustermann (${t.you}) · ${de.sharing.roles.grade}`,
    ]);
    const section = teachersSection();
    expect(section.queryByRole('combobox')).toBeNull();
    expect(section.queryByRole('button', { name: /entfernen|zurücknehmen/ })).toBeNull();
    expect(section.queryByRole('button', { name: de.sharing.invite.submit })).toBeNull();

    await user.click(section.getByRole('button', { name: de.sharing.leave.button }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(de.sharing.leave.text('9c'))).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: de.sharing.leave.confirm }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/classes'));
    expect(await screen.findByText(de.sharing.toasts.left)).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'DELETE',
        path: `/api/classes/${shared.id}/teachers/${TEST_USER_ID}`,
      }),
    );
    const list = within(await screen.findByRole('region', { name: de.classes.listHeading }));
    expect(await list.findByRole('link', { name: de.classes.openLabel('7b') })).toBeTruthy();
    expect(list.queryByRole('link', { name: de.classes.openLabel('9c') })).toBeNull();
  });
});
