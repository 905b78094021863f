import type { ClassStudent } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../i18n/de';
import { renderApp } from '../test/renderApp';
import { createTeacherApi, makeClass, makeSubject, makeTask } from '../test/teacherApi';

const anna: ClassStudent = {
  user_id: '00000000-0000-4000-8000-00000000000a',
  first_name: 'Anna',
  last_name: 'Berg',
};
const ben: ClassStudent = {
  user_id: '00000000-0000-4000-8000-00000000000b',
  first_name: 'Ben',
  last_name: 'Ott',
};

function setup() {
  const subject = makeSubject({ name: 'Mathematik' });
  const cls = makeClass({ name: '7b', grade: '7', subject_id: subject.id });
  const api = createTeacherApi({
    subjects: [subject],
    classes: [cls],
    tasks: [
      makeTask({
        class_id: cls.id,
        title: 'Brüche',
        status: 'published',
        created_at: '2025-01-05T00:00:00.000Z',
      }),
      makeTask({ class_id: cls.id, title: 'Dezimalzahlen', created_at: '2025-01-04T00:00:00.000Z' }),
    ],
    students: { [cls.id]: [anna, ben] },
  }).install();
  return { api, cls, subject };
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

function taskTitles(): string[] {
  const list = section(de.classes.tasks.heading).queryByRole('list');
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('a, p')?.textContent ?? '')
    : [];
}

describe('A class at /classes/{classId}', () => {
  it('shows the tasks with their status, the students and the join code', async () => {
    const { cls } = setup();
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('7b');
    expect(document.title).toBe(de.titles.class);
    expect(taskTitles()).toEqual(['Brüche', 'Dezimalzahlen']);
    const tasks = section(de.classes.tasks.heading);
    expect(tasks.getByRole('link', { name: 'Brüche' }).getAttribute('href')).toMatch(
      new RegExp(`^/classes/${cls.id}/tasks/`),
    );
    expect(tasks.getByText(de.tasks.status.published)).toBeTruthy();
    expect(tasks.getByText(de.tasks.status.draft)).toBeTruthy();
    expect(section(de.classes.students.heading).getByText('Anna Berg')).toBeTruthy();
    const token = section(de.classes.token.heading);
    expect(token.getByTestId('join-token').textContent).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(token.getByRole('link', { name: de.classes.token.show }).getAttribute('href')).toBe(
      `/showClassToken?classId=${cls.id}`,
    );
  });

  it('adds a new task to the list at once and keeps it with the server row', async () => {
    const { api, cls } = setup();
    const held = api.holdNext('POST', /^\/api\/tasks$/);
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.type(
      await screen.findByRole('textbox', { name: de.classes.tasks.quickTitle }),
      'Prozente{Enter}',
    );

    await waitFor(() => expect(taskTitles()).toEqual(['Prozente', 'Brüche', 'Dezimalzahlen']));
    expect(section(de.classes.tasks.heading).getByText(de.classes.tasks.pending)).toBeTruthy();
    held.release();

    expect(await screen.findByText(de.toasts.tasks.created)).toBeTruthy();
    const link = await section(de.classes.tasks.heading).findByRole('link', { name: 'Prozente' });
    const created = api.db.tasks.find((task) => task.title === 'Prozente');
    expect(link.getAttribute('href')).toBe(`/classes/${cls.id}/tasks/${created?.id}`);
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/tasks',
        body: expect.objectContaining({ title: 'Prozente', class_id: cls.id }) as unknown,
      }),
    );
  });

  it('takes a new task out of the list again when the server fails to create it', async () => {
    const { api, cls } = setup();
    const held = api.holdNext('POST', /^\/api\/tasks$/, () => new Response('Bad Gateway', { status: 502 }));
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    const input = await screen.findByRole('textbox', { name: de.classes.tasks.quickTitle });

    await user.type(input, 'Prozente{Enter}');
    await waitFor(() => expect(taskTitles()).toEqual(['Prozente', 'Brüche', 'Dezimalzahlen']));
    held.release();

    expect(await screen.findByText('Fehler beim Erstellen der Aufgabe auf dem Server')).toBeTruthy();
    await waitFor(() => expect(taskTitles()).toEqual(['Brüche', 'Dezimalzahlen']));
    // What was typed is not lost.
    expect((input as HTMLInputElement).value).toBe('Prozente');
  });

  it('asks for a title before creating a task', async () => {
    const { api, cls } = setup();
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });

    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: de.classes.tasks.quickAdd }));

    expect(await screen.findByText('Aufgaben-Titel ist erforderlich')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('removes a task at once and restores it when the server delete fails', async () => {
    const { api, cls } = setup();
    const held = api.holdNext('DELETE', /^\/api\/tasks\//, () => new Response(null, { status: 500 }));
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: de.classes.tasks.deleteLabel('Brüche') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: de.tasks.deleteConfirm }),
    );
    await waitFor(() => expect(taskTitles()).toEqual(['Dezimalzahlen']));
    held.release();

    expect(await screen.findByText(de.toasts.tasks.deleteFailed)).toBeTruthy();
    await waitFor(() => expect(taskTitles()).toEqual(['Brüche', 'Dezimalzahlen']));
  });

  it('applies a change of the class at once, then fetches the class again', async () => {
    const { api, cls } = setup();
    const held = api.holdNext('PATCH', /^\/api\/classes\//);
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    const details = section(de.classes.detailsHeading);

    const name = await details.findByRole('textbox', { name: /^Name der Klasse/ });
    await user.clear(name);
    await user.type(name, '7c');
    await user.click(details.getByRole('button', { name: de.classes.saveDetails }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('7c'));
    const listFetches = () =>
      api.calls.filter((call) => call.method === 'GET' && call.path === `/api/classes/${cls.id}`).length;
    const before = listFetches();
    held.release();

    expect(await screen.findByText(de.classes.updated)).toBeTruthy();
    await waitFor(() => expect(listFetches()).toBeGreaterThan(before));
    expect(api.db.classes[0]?.name).toBe('7c');
  });

  it('puts the class back as it was when the server refuses the change', async () => {
    const { api, cls } = setup();
    const held = api.holdNext('PATCH', /^\/api\/classes\//, () => new Response(null, { status: 500 }));
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    const details = section(de.classes.detailsHeading);

    const name = await details.findByRole('textbox', { name: /^Name der Klasse/ });
    await user.clear(name);
    await user.type(name, '7c');
    await user.click(details.getByRole('button', { name: de.classes.saveDetails }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('7c'));
    held.release();

    expect(await screen.findByText('Fehler beim Ändern der Klasse')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('7b'));
    expect((name as HTMLInputElement).value).toBe('7b');
  });

  it('removes a student from the class only and says so', async () => {
    const { api, cls } = setup();
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(
      await screen.findByRole('button', { name: de.classes.students.removeLabel('Anna Berg') }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: de.classes.students.removeConfirm,
      }),
    );

    expect(await screen.findByText('Schüler erfolgreich aus der Klasse gelöscht')).toBeTruthy();
    expect(section(de.classes.students.heading).queryByText('Anna Berg')).toBeNull();
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/api/classes/${cls.id}/students/${anna.user_id}` }),
    );
  });

  it('creates accounts from a pasted list of names and shows the logins once, printable', async () => {
    const { api, cls } = setup();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    const add = section(de.students.addHeading);

    await user.click(add.getByRole('textbox', { name: de.students.bulk.label }));
    await user.paste('Clara Weiß\n\nDaniel Roth\nclara weiß\nMüller, Emil\n');
    expect(add.getByText(de.students.bulk.recognized(3))).toBeTruthy();
    expect(add.getByText(de.students.bulk.duplicates(['clara weiß']))).toBeTruthy();
    await user.click(add.getByRole('button', { name: de.students.bulk.submit(3) }));

    expect(await screen.findByText(de.students.bulk.created(3))).toBeTruthy();
    const logins = within(await screen.findByRole('region', { name: de.students.credentials.heading }));
    expect(logins.getByText(de.students.credentials.warning)).toBeTruthy();
    expect(logins.getAllByRole('row')).toHaveLength(4);
    expect(logins.getByText('Bako-Rimu-Tesa-10')).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        path: '/api/createStudents',
        body: { class_id: cls.id, names: ['Clara Weiß', 'Daniel Roth', 'Müller, Emil'] },
      }),
    );
    await waitFor(() => expect(section(de.classes.students.heading).getByText('Daniel Roth')).toBeTruthy());
    // "Müller, Emil" reads "Emil Müller" in the logins and in the class list alike.
    expect(logins.getByText('Emil Müller')).toBeTruthy();
    expect(section(de.classes.students.heading).getByText('Emil Müller')).toBeTruthy();

    await user.click(logins.getByRole('button', { name: de.students.credentials.print }));
    expect(print).toHaveBeenCalledTimes(1);

    await user.click(logins.getByRole('button', { name: de.students.credentials.close }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: de.students.credentials.closeConfirm,
      }),
    );
    await waitFor(() => expect(screen.queryByText('Bako-Rimu-Tesa-10')).toBeNull());
  });

  it('puts a new join code in place after asking', async () => {
    const { cls } = setup();
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    const token = section(de.classes.token.heading);
    const before = (await token.findByTestId('join-token')).textContent;

    await user.click(token.getByRole('button', { name: de.classes.token.rotate }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: de.classes.token.rotateConfirm }),
    );

    expect(await screen.findByText(de.classes.token.rotated)).toBeTruthy();
    expect(token.getByTestId('join-token').textContent).not.toBe(before);
  });

  it('shows the 404 page for a class that is not there (or not the teacher’s)', async () => {
    setup();
    await renderApp('/classes/AAAAAAAAAAAAAAAAAAAAA', { signedInAs: 'teacher' });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(de.notFound.heading);
  });
});
