import type { ClassAccess, ClassStudent } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de';
import { renderApp } from '../test/renderApp';
import { entry, json } from '../test/submissionFixtures';
import {
  createTeacherApi,
  makeClass,
  makeColleague,
  makeSubject,
  makeTask,
  ownerTeacher,
} from '../test/teacherApi';

// Co-teaching: what a colleague's role in a shared class hides on the class list, the class page and the
// task page (the grading page's part is in features/grading/components/GradingPage.test.tsx).

const anna: ClassStudent = {
  user_id: '00000000-0000-4000-8000-00000000000a',
  first_name: 'Anna',
  last_name: 'Berg',
};

function setup(role: ClassAccess) {
  const subject = makeSubject({ name: 'Mathematik' });
  const cls = makeClass({ name: '9c', subject_id: subject.id, my_role: role });
  const task = makeTask({ class_id: cls.id, title: 'Brüche', status: 'published' });
  const owner = makeColleague('Jonas Weber', { role: 'owner', invited_at: null });
  const api = createTeacherApi({
    subjects: [subject],
    classes: [cls],
    tasks: [task],
    students: { [cls.id]: [anna] },
    teachers: { [cls.id]: role === 'owner' ? [ownerTeacher()] : [owner, ownerTeacher({ role })] },
  }).install();
  // The task page's sections: one hand-in, no loose files, an empty rubric.
  api.intercept((call) => {
    if (call.method !== 'GET') return undefined;
    if (call.path === '/api/submissions/getAll')
      return json({
        data: [entry('Greta', 'Gärtner', { task_id: task.id, display_status: 'abgegeben', score: 3 })],
      });
    if (call.path === '/api/files') return json({ files: [] });
    if (call.path === `/api/tasks/${task.id}/rubric`) return json({ task_id: task.id, skill_groups: [] });
    return undefined;
  });
  return { api, cls, task };
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('A class shared with a colleague', () => {
  it('shows on the class list as shared with the role, without "Löschen"', async () => {
    const subject = makeSubject();
    const own = makeClass({ name: '7b', subject_id: subject.id });
    const shared = makeClass({ name: '9c', subject_id: subject.id, my_role: 'grade' });
    createTeacherApi({ subjects: [subject], classes: [own, shared] }).install();
    await renderApp('/classes', { signedInAs: 'teacher' });

    const card = (name: string) =>
      screen.getByRole('link', { name: de.classes.openLabel(name) }).closest('li') as HTMLElement;
    await screen.findByRole('link', { name: de.classes.openLabel('9c') });
    expect(within(card('9c')).getByText('Geteilt · kann bewerten')).toBeTruthy();
    expect(within(card('9c')).queryByRole('button', { name: de.classes.deleteLabel('9c') })).toBeNull();
    expect(within(card('7b')).queryByText(/^Geteilt/)).toBeNull();
    expect(within(card('7b')).getByRole('button', { name: de.classes.deleteLabel('7b') })).toBeTruthy();
  });

  it('"kann bewerten": the class page has no deleting, editing, new task, task deletion or student changes', async () => {
    const { cls } = setup('grade');
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });

    const tasks = within(await screen.findByRole('region', { name: de.classes.tasks.heading }));
    expect(tasks.getByRole('link', { name: 'Brüche' })).toBeTruthy();
    expect(tasks.queryByRole('link', { name: de.classes.tasks.newTask })).toBeNull();
    expect(tasks.queryByRole('textbox', { name: de.classes.tasks.quickTitle })).toBeNull();
    expect(tasks.queryByRole('button', { name: de.classes.tasks.deleteLabel('Brüche') })).toBeNull();
    const students = section(de.classes.students.heading);
    expect(students.getByText('Anna Berg')).toBeTruthy();
    expect(students.queryByRole('button', { name: de.classes.students.removeLabel('Anna Berg') })).toBeNull();
    expect(screen.queryByRole('region', { name: de.students.addHeading })).toBeNull();
    expect(screen.queryByRole('region', { name: de.classes.detailsHeading })).toBeNull();
    expect(screen.queryByRole('region', { name: de.classes.token.heading })).toBeNull();
    expect(screen.queryByRole('region', { name: de.classes.dangerHeading })).toBeNull();
    expect(screen.queryByRole('button', { name: de.classes.deleteConfirm })).toBeNull();
    expect(screen.getByText(de.sharing.readOnly.class.grade)).toBeTruthy();
    expect(screen.getByText('Geteilt · kann bewerten')).toBeTruthy();
    // What is left to do: leave the class.
    await waitFor(() =>
      expect(
        section(de.sharing.teachers.heading).getByRole('button', { name: de.sharing.leave.button }),
      ).toBeTruthy(),
    );
  });

  it('loses the class at once when the owner removes the colleague: off to the class list with a note', async () => {
    const { api, cls } = setup('grade');
    const { queryClient, router } = await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    await screen.findByRole('region', { name: de.classes.tasks.heading });

    // Removed: from now on the server answers the class's 404; the live update refetches the class.
    api.intercept((call) =>
      call.path === `/api/classes/${cls.id}`
        ? json(
            { error: { code: 'CLASS_NOT_FOUND', message: de.errors.CLASS_NOT_FOUND }, requestId: 'r' },
            404,
          )
        : undefined,
    );
    await queryClient.invalidateQueries({ queryKey: ['classes', cls.id], exact: true });

    expect(await screen.findByText(de.sharing.toasts.accessLost)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes'));
    expect(screen.queryByText('Anna Berg')).toBeNull();
    expect(screen.queryByRole('region', { name: de.classes.tasks.heading })).toBeNull();
  });

  it('"verwaltet": everything on the class page but deleting the class', async () => {
    const { cls } = setup('manage');
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });

    const tasks = within(await screen.findByRole('region', { name: de.classes.tasks.heading }));
    expect(tasks.getByRole('link', { name: de.classes.tasks.newTask })).toBeTruthy();
    expect(tasks.getByRole('button', { name: de.classes.tasks.deleteLabel('Brüche') })).toBeTruthy();
    expect(
      section(de.classes.students.heading).getByRole('button', {
        name: de.classes.students.removeLabel('Anna Berg'),
      }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: de.classes.detailsHeading })).toBeTruthy();
    expect(screen.queryByRole('region', { name: de.classes.dangerHeading })).toBeNull();
    expect(
      await section(de.sharing.teachers.heading).findByRole('button', { name: de.sharing.invite.submit }),
    ).toBeTruthy();
  });

  it('"kann bewerten": the task page grades, but does not edit, publish or delete the task or its rubric', async () => {
    const { cls, task } = setup('grade');
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });

    await screen.findByRole('heading', { level: 1, name: 'Brüche' });
    expect(screen.queryByRole('button', { name: de.tasks.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: de.tasks.delete })).toBeNull();
    expect(screen.queryByRole('button', { name: de.tasks.close })).toBeNull();
    expect(screen.queryByRole('button', { name: de.rubrics.generation.open })).toBeNull();
    expect(await screen.findByText(de.sharing.readOnly.noRubric)).toBeTruthy();
    const row = await screen.findByTestId('submission-row');
    expect(
      within(row).getByRole('link', { name: de.grading.table.gradeLabel('Greta Gärtner') }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: de.submissions.table.add })).toBeTruthy();
    expect(screen.getByRole('button', { name: de.pdfs.printWorksheets })).toBeTruthy();
  });

  it('"kann ansehen": the task page has no grading, uploading, matching or printing of worksheets', async () => {
    const { cls, task } = setup('view');
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });

    const row = await screen.findByTestId('submission-row');
    expect(
      within(row).getByRole('link', { name: de.sharing.readOnly.viewLabel('Greta Gärtner') }),
    ).toBeTruthy();
    expect(
      within(row).queryByRole('link', { name: de.grading.table.gradeLabel('Greta Gärtner') }),
    ).toBeNull();
    expect(screen.queryByRole('link', { name: de.submissions.table.add })).toBeNull();
    expect(screen.queryByRole('link', { name: de.submissions.table.match })).toBeNull();
    expect(screen.queryByRole('button', { name: de.pdfs.printWorksheets })).toBeNull();
    expect(screen.queryByRole('button', { name: de.tasks.edit })).toBeNull();
    // Reading stays: the class overview.
    expect(screen.getByRole('button', { name: de.pdfs.classOverview })).toBeTruthy();
  });

  it('the owner still has every control', async () => {
    const { cls, task } = setup('owner');
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });

    await screen.findByRole('heading', { level: 1, name: 'Brüche' });
    expect(screen.getByRole('button', { name: de.tasks.edit })).toBeTruthy();
    expect(screen.getByRole('button', { name: de.tasks.delete })).toBeTruthy();
    expect(screen.getByRole('button', { name: de.tasks.close })).toBeTruthy();
    expect(screen.getByRole('button', { name: de.rubrics.generation.open })).toBeTruthy();
  });
  it('is offered for a new task only where the teacher manages it', async () => {
    const subject = makeSubject();
    const own = makeClass({ name: '7b', subject_id: subject.id });
    const graded = makeClass({ name: '9c', subject_id: subject.id, my_role: 'grade' });
    const managed = makeClass({ name: '10a', subject_id: subject.id, my_role: 'manage' });
    createTeacherApi({ subjects: [subject], classes: [own, graded, managed] }).install();
    await renderApp('/createTask', { signedInAs: 'teacher' });

    await userEvent.setup({ delay: null }).click(await screen.findByRole('textbox', { name: /^Klasse/ }));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent).sort()).toEqual(['10a', '7b']);
  });
});
