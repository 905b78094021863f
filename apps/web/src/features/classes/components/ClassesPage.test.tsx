import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { renderApp } from '../../../test/renderApp';
import { createTeacherApi, makeClass, makeSubject } from '../../../test/teacherApi';

function classNames(): string[] {
  const list = screen.getByRole('region', { name: de.classes.listHeading });
  return within(list)
    .queryAllByRole('link', { name: /^Klasse .* öffnen$/ })
    .map((link) => link.textContent ?? '');
}

describe('Classes at /classes', () => {
  it('creates a class with subject, grade and name and says so', async () => {
    const math = makeSubject({ name: 'Mathematik' });
    const api = createTeacherApi({ subjects: [math] }).install();
    await renderApp('/classes', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('textbox', { name: /^Fach/ }));
    await user.click(await screen.findByRole('option', { name: 'Mathematik', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: /^Jahrgangsstufe/ }), '7');
    await user.type(screen.getByRole('textbox', { name: /^Name der Klasse/ }), '7b');
    await user.click(screen.getByRole('button', { name: de.classes.create }));

    expect(await screen.findByText(de.toasts.classes.created)).toBeTruthy();
    await waitFor(() => expect(classNames()).toEqual(['7b']));
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/classes',
        body: { subject_id: math.id, grade: '7', name: '7b', description: '' },
      }),
    );
    expect(document.title).toBe(de.titles.classes);
  });

  it('asks for the missing information before creating a class', async () => {
    const api = createTeacherApi({ subjects: [makeSubject()] }).install();
    await renderApp('/classes', { signedInAs: 'teacher' });

    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: de.classes.create }));

    expect((await screen.findAllByText(de.errors.CLASS_FIELDS_MISSING)).length).toBe(3);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('points to the subjects page while there is no subject', async () => {
    createTeacherApi().install();
    await renderApp('/classes', { signedInAs: 'teacher' });

    expect(await screen.findByText(de.classes.needSubject)).toBeTruthy();
    expect(screen.getByRole('link', { name: de.classes.toSubjects }).getAttribute('href')).toBe('/subjects');
  });

  it('removes a class from the list first and restores it with the error when the server fails', async () => {
    const subject = makeSubject();
    const api = createTeacherApi({
      subjects: [subject],
      classes: [
        makeClass({ name: '5a', subject_id: subject.id, updated_at: '2025-01-03T00:00:00.000Z' }),
        makeClass({ name: '6c', subject_id: subject.id, updated_at: '2025-01-02T00:00:00.000Z' }),
      ],
    }).install();
    const held = api.holdNext('DELETE', /^\/api\/classes\//, () => new Response(null, { status: 500 }));
    await renderApp('/classes', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: de.classes.deleteLabel('5a') }));
    const dialog = await screen.findByRole('dialog', { name: de.classes.deleteTitle });
    expect(within(dialog).getByText(de.classes.deleteText('5a'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: de.classes.deleteConfirm }));
    await waitFor(() => expect(classNames()).toEqual(['6c']));

    held.release();

    expect(await screen.findByText('Fehler beim Loeschen der Klasse')).toBeTruthy();
    await waitFor(() => expect(classNames()).toEqual(['5a', '6c']));
  });

  it('deletes a class after confirming and says so', async () => {
    const subject = makeSubject();
    const api = createTeacherApi({
      subjects: [subject],
      classes: [makeClass({ name: '9d', subject_id: subject.id })],
    }).install();
    await renderApp('/classes', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: de.classes.deleteLabel('9d') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: de.classes.deleteConfirm }),
    );

    expect(await screen.findByText(de.toasts.classes.deleted)).toBeTruthy();
    expect(await screen.findByText(de.classes.empty)).toBeTruthy();
    expect(api.db.classes).toEqual([]);
  });
});
