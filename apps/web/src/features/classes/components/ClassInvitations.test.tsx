import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { renderApp } from '../../../test/renderApp';
import { createTeacherApi, makeClass, makeInvitation, makeSubject } from '../../../test/teacherApi';

const t = de.sharing.invitations;

function invitationsSection() {
  return within(screen.getByRole('region', { name: t.heading }));
}

function classNames(): string[] {
  const list = screen.getByRole('region', { name: de.classes.listHeading });
  return within(list)
    .queryAllByRole('link', { name: /^Klasse .* öffnen$/ })
    .map((link) => link.textContent ?? '');
}

function setup() {
  const subject = makeSubject({ name: 'Mathematik' });
  const own = makeClass({ name: '7b', subject_id: subject.id });
  const physics = makeInvitation({
    class_name: '8a',
    grade: '8',
    subject_name: 'Physik',
    invited_by_name: 'Jonas Weber',
    role: 'grade',
  });
  const chemistry = makeInvitation({
    class_name: '10c',
    grade: '10',
    subject_name: 'Chemie',
    invited_by_name: 'Anna Schulz',
    role: 'view',
  });
  const api = createTeacherApi({
    subjects: [subject],
    classes: [own],
    invitations: [physics, chemistry],
  }).install();
  return { api, physics, chemistry };
}

describe('Invitations to colleagues’ classes on /classes', () => {
  it('shows each invitation with class, grade, subject, who invited and the role; accepting puts the class in the list', async () => {
    const { api, physics } = setup();
    await renderApp('/classes', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    const section = within(await screen.findByRole('region', { name: t.heading }));
    const first = within(section.getAllByRole('listitem')[0]!);
    expect(first.getByText('8a')).toBeTruthy();
    expect(first.getByText(de.classes.gradeBadge('8'))).toBeTruthy();
    expect(first.getByText('Physik')).toBeTruthy();
    expect(first.getByText(t.from('Jonas Weber'))).toBeTruthy();
    expect(first.getByText(t.role('grade'))).toBeTruthy();
    expect(within(section.getAllByRole('listitem')[1]!).getByText(t.role('view'))).toBeTruthy();
    expect(classNames()).toEqual(['7b']);

    await user.click(section.getByRole('button', { name: t.acceptLabel('8a') }));

    expect(await screen.findByText(de.sharing.toasts.accepted('8a'))).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `/api/class-invitations/${physics.class_id}/accept` }),
    );
    await waitFor(() => expect(classNames()).toEqual(['8a', '7b']));
    // The accepted class says whose it is not: shared, with the role.
    const card = screen.getByRole('link', { name: de.classes.openLabel('8a') }).closest('li') as HTMLElement;
    expect(within(card).getByText(de.sharing.sharedBadge('grade'))).toBeTruthy();
    // With the owner's subject, which the teacher's subjects include from now on.
    await waitFor(() => expect(within(card).getByText('Physik')).toBeTruthy());
    expect(within(card).queryByRole('button', { name: de.classes.deleteLabel('8a') })).toBeNull();
    await waitFor(() => expect(invitationsSection().queryByText('8a')).toBeNull());
    expect(invitationsSection().getByText('10c')).toBeTruthy();
  });

  it('declines an invitation: it disappears at once, and comes back when the server refuses', async () => {
    const { api, chemistry } = setup();
    const held = api.holdNext('POST', /\/decline$/);
    await renderApp('/classes', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(
      within(await screen.findByRole('region', { name: t.heading })).getByRole('button', {
        name: t.declineLabel('10c'),
      }),
    );
    await waitFor(() => expect(invitationsSection().queryByText('10c')).toBeNull());
    held.release();
    expect(await screen.findByText(de.sharing.toasts.declined)).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: `/api/class-invitations/${chemistry.class_id}/decline`,
      }),
    );
    expect(classNames()).toEqual(['7b']);

    api.failNext('POST', /\/decline$/);
    await user.click(invitationsSection().getByRole('button', { name: t.declineLabel('8a') }));
    expect(await screen.findByText(de.sharing.toasts.declineFailed)).toBeTruthy();
    await waitFor(() => expect(invitationsSection().getByText('8a')).toBeTruthy());
  });

  it('shows nothing above the list without invitations', async () => {
    createTeacherApi({ subjects: [makeSubject()], classes: [makeClass({ name: '7b' })] }).install();
    await renderApp('/classes', { signedInAs: 'teacher' });

    await waitFor(() => expect(classNames()).toEqual(['7b']));
    expect(screen.queryByRole('region', { name: t.heading })).toBeNull();
  });
});
