import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de';
import { renderApp } from '../test/renderApp';
import { createTeacherApi, makeClass, makeSubject } from '../test/teacherApi';

function subjectNames(): string[] {
  const list = screen.getByRole('region', { name: de.subjects.listHeading });
  return within(list)
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent ?? '');
}

describe('Subjects at /subjects', () => {
  it('creates a subject, shows it on top and says so', async () => {
    const api = createTeacherApi({ subjects: [makeSubject({ name: 'Physik' })] }).install();
    await renderApp('/subjects', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByRole('textbox', { name: /^Name des Fachs/ }), 'Mathematik');
    await user.click(screen.getByRole('button', { name: de.subjects.create }));

    expect(await screen.findByText(de.toasts.subjects.created)).toBeTruthy();
    await waitFor(() => expect(subjectNames()).toEqual(['Mathematik', 'Physik']));
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/subjects',
        body: { name: 'Mathematik', description: '' },
      }),
    );
    expect(document.title).toBe(de.titles.subjects);
  });

  it('lists only the teacher’s own subjects, not a colleague’s of a shared class', async () => {
    createTeacherApi({
      subjects: [
        makeSubject({ name: 'Physik' }),
        makeSubject({ name: 'Chemie', created_by: '99999999-9999-4999-8999-999999999999' }),
      ],
    }).install();
    await renderApp('/subjects', { signedInAs: 'teacher' });
    await waitFor(() => expect(subjectNames()).toEqual(['Physik']));
  });

  it('asks for a name before creating a subject', async () => {
    const api = createTeacherApi().install();
    await renderApp('/subjects', { signedInAs: 'teacher' });

    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: de.subjects.create }));

    expect(await screen.findByText(de.errors.SUBJECT_NAME_REQUIRED)).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('keeps a subject that a class still uses and shows the 409 message', async () => {
    const math = makeSubject({ name: 'Mathematik' });
    const api = createTeacherApi({
      subjects: [math],
      classes: [makeClass({ subject_id: math.id })],
    }).install();
    await renderApp('/subjects', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: de.subjects.deleteLabel('Mathematik') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: de.subjects.deleteConfirm }),
    );

    expect(
      await screen.findByText('Fach kann nicht gelöscht werden, da es noch in Klassen verwendet wird'),
    ).toBeTruthy();
    await waitFor(() => expect(subjectNames()).toEqual(['Mathematik']));
    expect(api.db.subjects).toHaveLength(1);
  });

  it('removes a subject at once and puts it back where it was when the server fails', async () => {
    const api = createTeacherApi({
      subjects: [
        makeSubject({ name: 'Deutsch', updated_at: '2025-01-03T00:00:00.000Z' }),
        makeSubject({ name: 'Englisch', updated_at: '2025-01-02T00:00:00.000Z' }),
        makeSubject({ name: 'Kunst', updated_at: '2025-01-01T00:00:00.000Z' }),
      ],
    }).install();
    const held = api.holdNext('DELETE', /^\/api\/subjects\//, () => new Response('boom', { status: 500 }));
    await renderApp('/subjects', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: de.subjects.deleteLabel('Englisch') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: de.subjects.deleteConfirm }),
    );
    await waitFor(() => expect(subjectNames()).toEqual(['Deutsch', 'Kunst']));

    held.release();

    expect(await screen.findByText(de.toasts.subjects.deleteFailed)).toBeTruthy();
    await waitFor(() => expect(subjectNames()).toEqual(['Deutsch', 'Englisch', 'Kunst']));
  });

  it('deletes an unused subject and says so', async () => {
    const api = createTeacherApi({ subjects: [makeSubject({ name: 'Musik' })] }).install();
    await renderApp('/subjects', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: de.subjects.deleteLabel('Musik') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: de.subjects.deleteConfirm }),
    );

    expect(await screen.findByText(de.toasts.subjects.deleted)).toBeTruthy();
    expect(await screen.findByText(de.subjects.empty)).toBeTruthy();
    expect(api.db.subjects).toEqual([]);
  });

  it('renames a subject at once and takes the old name back when the server refuses', async () => {
    const api = createTeacherApi({ subjects: [makeSubject({ name: 'Mathe' })] }).install();
    const held = api.holdNext('PATCH', /^\/api\/subjects\//, () => new Response('boom', { status: 503 }));
    await renderApp('/subjects', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: de.subjects.renameLabel('Mathe') }));
    const input = screen.getByRole('textbox', { name: de.subjects.newName('Mathe') });
    await user.clear(input);
    await user.type(input, 'Mathematik{Enter}');
    await waitFor(() => expect(subjectNames()).toEqual(['Mathematik']));

    held.release();

    expect(await screen.findByText(de.toasts.subjects.updateFailed)).toBeTruthy();
    await waitFor(() => expect(subjectNames()).toEqual(['Mathe']));
  });
});
