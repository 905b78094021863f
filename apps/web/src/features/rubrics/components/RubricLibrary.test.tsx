import type { RubricTemplate, TaskRubric } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { renderApp } from '../../../test/renderApp';
import { createTeacherApi, fakeId, makeClass, makeSubject, makeTask } from '../../../test/teacherApi';
import { installRubricApi, makeRubricGroup } from '../test/rubricApi';

const t = de.library;

const template = (over: Partial<RubricTemplate>): RubricTemplate => ({
  id: fakeId(),
  title: 'Vorlage',
  description: '',
  subject: 'Mathematik',
  grade: '5–10',
  visibility: 'school',
  starter: false,
  mine: false,
  author_name: '',
  skill_group_count: 1,
  skill_count: 1,
  updated_at: '2026-11-01T08:00:00.000Z',
  content: {
    skill_groups: [
      {
        name: 'Allgemeine mathematische Kompetenzen',
        description: '',
        criteria: [],
        skills: [{ name: 'Mathematisch modellieren (K3)', description: '', max_score: 3, levels: [] }],
      },
    ],
  },
  ...over,
});

function setup() {
  const subject = makeSubject({ name: 'Mathematik' });
  const cls = makeClass({ subject_id: subject.id, grade: '7' });
  const task = makeTask({ class_id: cls.id, title: 'Lineare Funktionen' });
  const api = createTeacherApi({ subjects: [subject], classes: [cls], tasks: [task] });
  const starter = template({ title: 'Allgemeine mathematische Kompetenzen (K1–K6)', starter: true });
  const schools = template({ title: 'Bruchrechnung der Fachschaft', author_name: 'Ayşe Yılmaz', grade: '6' });
  const templates = [schools, starter];
  const copied = makeRubricGroup('Allgemeine mathematische Kompetenzen', [
    { name: 'Mathematisch modellieren (K3)', maxScore: 3, levels: { 0: 'nicht', 3: 'sicher' } },
  ]);
  // Before the rubric fake: the library's routes.
  api.intercept((call) => {
    if (call.path === '/api/rubric-templates' && call.method === 'GET') {
      const q = call.query.get('q')?.toLowerCase() ?? '';
      return Response.json({
        templates: templates
          .filter((x) => x.title.toLowerCase().includes(q))
          .map(({ content: _content, ...summary }) => summary),
      });
    }
    if (call.path === '/api/rubric-templates' && call.method === 'POST')
      return Response.json(template({ ...(call.body as object), mine: true }), { status: 201 });
    const one = /^\/api\/rubric-templates\/([^/]+)$/.exec(call.path);
    if (one && call.method === 'GET') return Response.json(templates.find((x) => x.id === one[1]));
    if (call.path === `/api/tasks/${task.id}/rubric/from-template`) {
      const rubric: TaskRubric = {
        task_id: task.id,
        skill_groups: [
          { ...copied, position: 0, skills: copied.skills.map((s, p) => ({ ...s, position: p })) },
        ],
      };
      return Response.json(rubric);
    }
    return undefined;
  });
  installRubricApi(api, { rubrics: { [task.id]: [] } });
  api.install();
  return { api, cls, task, starter, schools };
}

describe('The rubric library on the task page', { timeout: 20_000 }, () => {
  it('finds templates by words and copies one into the task’s rubric', async () => {
    const { api, cls, task, starter } = setup();
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: t.open }));
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle });
    expect(await within(dialog).findByText('Bruchrechnung der Fachschaft')).toBeTruthy();
    expect(within(dialog).getByText(/von Ayşe Yılmaz/)).toBeTruthy();
    expect(within(dialog).getByText(t.starter)).toBeTruthy();

    await user.type(within(dialog).getByRole('searchbox', { name: t.search }), 'kompetenzen');
    await waitFor(() => expect(within(dialog).queryByText('Bruchrechnung der Fachschaft')).toBeNull());
    expect(api.calls.some((c) => c.query.get('q') === 'kompetenzen')).toBe(true);

    const card = within(dialog).getByRole('listitem', { name: starter.title });
    await user.click(within(card).getByRole('button', { name: t.showContent }));
    expect(await within(card).findByText(/Mathematisch modellieren \(K3\)/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: t.use }));

    expect(await screen.findByText(t.toasts.used)).toBeTruthy();
    const used = api.calls.find((c) => c.path.endsWith('/rubric/from-template'));
    expect(used?.body).toEqual({ template_id: starter.id, replace: false });
    // The copy is in the editor at once.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.dialogTitle })).toBeNull());
    expect(await screen.findByDisplayValue('Mathematisch modellieren (K3)')).toBeTruthy();
  });

  it('saves the rubric as a template with the task’s title, subject and grade, shared with the school', async () => {
    const { api, cls, task } = setup();
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: t.save }));
    const dialog = await screen.findByRole('dialog', { name: t.saveTitle });
    expect(within(dialog).getByRole('textbox', { name: t.title })).toHaveProperty(
      'value',
      'Lineare Funktionen',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: t.subject })).toHaveProperty('value', 'Mathematik'),
    );
    expect(within(dialog).getByRole('textbox', { name: t.grade })).toHaveProperty('value', '7');
    await user.click(within(dialog).getByRole('checkbox', { name: t.shareWithSchool }));
    await user.click(within(dialog).getByRole('button', { name: t.saveSubmit }));

    expect(await screen.findByText(t.toasts.saved)).toBeTruthy();
    const saved = api.calls.find((c) => c.path === '/api/rubric-templates' && c.method === 'POST');
    expect(saved?.body).toEqual({
      task_id: task.id,
      title: 'Lineare Funktionen',
      subject: 'Mathematik',
      grade: '7',
      description: '',
      visibility: 'school',
    });
  });
});
