import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { renderApp } from '../../../test/renderApp';
import {
  createTeacherApi,
  fakeId,
  makeClass,
  makeSubject,
  makeTask,
  type TeacherApi,
} from '../../../test/teacherApi';
import { installRubricApi, makeRubricGroup } from '../test/rubricApi';

const t = de.rubrics;

function setup(
  options: {
    aiProvider?: 'none' | 'openai';
    withRubric?: boolean;
    /** Rubrics of other tasks of the teacher (to reuse groups from). */
    otherRubrics?: Record<string, ReturnType<typeof makeRubricGroup>[]>;
    /** Interceptors that must come before the rubric fake's (the first answer wins). */
    prepare?: (api: TeacherApi) => void;
  } = {},
) {
  const subject = makeSubject();
  const cls = makeClass({ subject_id: subject.id });
  const task = makeTask({ class_id: cls.id, title: 'Bruchrechnung' });
  const api = createTeacherApi({ subjects: [subject], classes: [cls], tasks: [task] });
  if (options.aiProvider && options.aiProvider !== 'none') {
    api.intercept((call) =>
      call.path === '/api/config'
        ? Response.json({
            authUrl: 'http://localhost',
            authMode: 'local',
            supabaseAnonKey: 'anon',
            publicUrl: 'http://localhost:3000',
            aiProvider: options.aiProvider,
            posthog: null,
            version: 'test',
          })
        : undefined,
    );
  }
  options.prepare?.(api);
  const rechnen = makeRubricGroup('Rechnen', [
    { name: 'Kürzen', maxScore: 2, levels: { 0: 'gar nicht', 2: 'sicher' } },
    { name: 'Erweitern', maxScore: 1, levels: { 0: 'nein', 1: 'ja' } },
  ]);
  const darstellung = makeRubricGroup('Darstellung', [
    { name: 'Rechenweg', maxScore: 0, levels: { 0: 'sichtbar' } },
  ]);
  const rubricApi = installRubricApi(api, {
    rubrics: {
      ...options.otherRubrics,
      ...(options.withRubric === false ? {} : { [task.id]: [rechnen, darstellung] }),
    },
    proposal: {
      skill_groups: [
        {
          name: 'Fachliche Richtigkeit',
          description: '',
          skills: [{ name: 'Lösungsweg', description: 'nachvollziehbar', maxScore: 3 }],
        },
      ],
    },
  });
  api.install();
  return { api, rubricApi, cls, task, rechnen, darstellung };
}

const rubricSection = () => within(screen.getByRole('region', { name: t.heading }));
const stateOf = async () => (await screen.findByTestId('rubric-state')).getAttribute('data-complete');

// The whole app renders per test and typing in jsdom is slow on a shared machine.
describe('The rubric editor on the task page', { timeout: 20_000 }, () => {
  it('shows which skill misses which score, and becomes complete once the level is described', async () => {
    const { api, cls, task } = setup();
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    expect(await stateOf()).toBe('false');
    const state = screen.getByTestId('rubric-state');
    expect(within(state).getByText(t.incompleteTitle)).toBeTruthy();
    expect(within(state).getByText('Kürzen: 1 Punkt')).toBeTruthy();
    expect(within(state).queryByText(/Erweitern/)).toBeNull();
    // The grid has one row per score 0..maxScore, the missing one marked.
    const grid = screen.getByRole('table', { name: t.skill.levels('Kürzen') });
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    expect(within(grid).getByText(t.missingBadge)).toBeTruthy();

    const field = screen.getByRole('textbox', { name: t.level.valueLabel('Kürzen', 1) });
    await user.type(field, 'teilweise');
    await user.tab();

    await waitFor(async () => expect(await stateOf()).toBe('true'));
    expect(screen.getByText(t.complete)).toBeTruthy();
    const created = api.calls.find((c) => c.method === 'POST' && c.path === '/api/skill-details');
    expect(created?.body).toMatchObject({ score: 1, value: 'teilweise' });
  });

  it('takes a change back with a toast when the server fails', async () => {
    let held = { release: () => {} };
    const { cls, task } = setup({
      prepare: (api) => {
        held = api.holdNext('POST', /^\/api\/skill-details$/, () => new Response(null, { status: 500 }));
        api.failNext('PATCH', /^\/api\/skills\//, () =>
          Response.json(
            {
              error: { code: 'MAX_SCORE_BELOW_DETAILS', message: de.errors.MAX_SCORE_BELOW_DETAILS },
              requestId: 'r',
            },
            { status: 409 },
          ),
        );
      },
    });
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    await stateOf();

    await user.type(screen.getByRole('textbox', { name: t.level.valueLabel('Kürzen', 1) }), 'teilweise');
    await user.tab();
    // Optimistic: complete at once …
    await waitFor(async () => expect(await stateOf()).toBe('true'));
    held.release();
    // … and incomplete again when the server refuses.
    expect(await screen.findByText(t.toasts.saveFailed, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(async () => expect(await stateOf()).toBe('false'));

    // A refused maxScore change (4xx) shows the server's German message and the old value.
    const kuerzen = screen.getByRole('article', { name: 'Kürzen' });
    const max = within(kuerzen).getByRole('textbox', { name: t.skill.maxScore });
    await user.clear(max);
    await user.type(max, '1');
    await user.tab();
    expect(await screen.findByText(de.errors.MAX_SCORE_BELOW_DETAILS)).toBeTruthy();
    await waitFor(() => expect((max as HTMLInputElement).value).toBe('2'));
  });

  it('reorders groups and skills with labelled buttons and adds groups and skills', async () => {
    const { api, cls, task, rechnen, darstellung } = setup();
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    await stateOf();

    await user.click(screen.getByRole('button', { name: t.group.moveUp('Darstellung') }));
    await waitFor(() =>
      expect(
        rubricSection()
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual([`${t.group.label}: Darstellung`, `${t.group.label}: Rechnen`]),
    );
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        path: `/api/tasks/${task.id}/skill-groups/order`,
        body: { ids: [darstellung.id, rechnen.id] },
      }),
    );

    await user.click(screen.getByRole('button', { name: t.skill.moveDown('Kürzen') }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: `${t.group.label}: Rechnen` }))
          .getAllByRole('heading', { level: 4 })
          .map((h) => h.textContent),
      ).toEqual(['Erweitern', 'Kürzen']),
    );

    const addSkill = screen.getByRole('form', { name: t.skill.addTo('Rechnen') });
    await user.type(within(addSkill).getByRole('textbox', { name: t.skill.newName }), 'Addieren{Enter}');
    expect(await screen.findByRole('table', { name: t.skill.levels('Addieren') })).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId('rubric-state')).getByText('Addieren: 0, 1, 2 Punkte')).toBeTruthy(),
    );

    const addGroup = screen.getByRole('form', { name: t.group.add });
    await user.type(within(addGroup).getByRole('textbox', { name: t.group.newName }), 'Sprache{Enter}');
    expect(await screen.findByRole('region', { name: `${t.group.label}: Sprache` })).toBeTruthy();
  });

  it('removes a group from the task after a confirmation', async () => {
    const { cls, task, rubricApi } = setup();
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    await stateOf();

    await user.click(screen.getByRole('button', { name: t.group.remove('Rechnen') }));
    const dialog = await screen.findByRole('dialog', { name: t.group.removeTitle });
    await user.click(within(dialog).getByRole('button', { name: t.group.removeConfirm }));
    expect(await screen.findByText(t.group.removed)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: `${t.group.label}: Rechnen` })).toBeNull(),
    );
    expect(rubricApi.rubricOf(task.id).skill_groups.map((g) => g.name)).toEqual(['Darstellung']);
  });

  it('reuses a group of another task and says that it is shared', async () => {
    const shared = makeRubricGroup('Geteilt', [
      { name: 'Argumentieren', maxScore: 1, levels: { 0: 'nein', 1: 'ja' } },
    ]);
    const { api, cls, task } = setup({ otherRubrics: { [fakeId('t')]: [shared] } });
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    await stateOf();

    const reuse = screen.getByRole('form', { name: t.group.reuse });
    const select = within(reuse).getByRole('textbox', { name: t.group.reuse });
    // Enabled once the teacher's groups are loaded; then chosen by keyboard.
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    await user.type(select, 'Gete');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect((select as HTMLInputElement).value).toBe('Geteilt'));
    await user.click(within(reuse).getByRole('button', { name: t.group.reuseAdd }));

    const section = await screen.findByRole('region', { name: `${t.group.label}: Geteilt` });
    expect(await within(section).findByText(t.group.sharedHint(1))).toBeTruthy();
    const linked = api.calls.find(
      (c) => c.method === 'POST' && c.path === `/api/tasks/${task.id}/skill-groups`,
    );
    expect(linked?.body).toEqual({ skillGroup_id: shared.id });
  });
});

describe('The competence generation step', { timeout: 20_000 }, () => {
  it('explains in German that no AI service is configured; manual editing stays', async () => {
    const { cls, task } = setup({ aiProvider: 'none' });
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    await stateOf();

    await user.click(screen.getByRole('button', { name: t.generation.open }));
    expect(await screen.findByText(t.generation.notConfigured)).toBeTruthy();
    expect(screen.getByRole('form', { name: t.group.add })).toBeTruthy();
  });

  it('proposes skills, lets the teacher edit them and replaces the rubric after a confirmation', async () => {
    const { api, cls, task } = setup({ aiProvider: 'openai' });
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    await stateOf();

    await user.click(screen.getByRole('button', { name: t.generation.open }));
    await user.click(await screen.findByRole('button', { name: t.generation.propose }));
    const name = await screen.findByRole('textbox', { name: t.generation.skillName(0, 0) });
    expect((name as HTMLInputElement).value).toBe('Lösungsweg');
    await user.clear(name);
    await user.type(name, 'Rechenweg');
    const max = screen.getByRole('textbox', { name: t.generation.skillMax(0, 0) });
    await user.clear(max);
    await user.type(max, '2');

    await user.click(screen.getByRole('button', { name: t.generation.save }));
    const dialog = await screen.findByRole('dialog', { name: t.generation.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: t.generation.confirm }));

    expect(await screen.findByText(t.toasts.generated)).toBeTruthy();
    expect(await screen.findByRole('table', { name: t.skill.levels('Rechenweg') })).toBeTruthy();
    expect(screen.queryByRole('region', { name: `${t.group.label}: Rechnen` })).toBeNull();
    expect(await stateOf()).toBe('true');
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: `/api/tasks/${task.id}/rubric/generate/levels`,
        body: {
          replace: true,
          skill_groups: [
            {
              name: 'Fachliche Richtigkeit',
              description: '',
              skills: [{ name: 'Rechenweg', description: 'nachvollziehbar', maxScore: 2 }],
            },
          ],
        },
      }),
    );
  });

  it('ticks a cluster created in the panel, says what will be sent and sends it', async () => {
    const { api, rubricApi, cls, task } = setup({ aiProvider: 'openai', withRubric: false });
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: t.generation.open }));
    // Nothing ticked yet: the panel says so before anything is sent.
    expect(await screen.findByText(t.generation.sendingNone)).toBeTruthy();

    const form = screen.getByRole('form', { name: t.generation.newCluster });
    await user.type(within(form).getByRole('textbox', { name: t.generation.clusterName }), 'Argumentieren');
    await user.click(within(form).getByRole('button', { name: t.generation.clusterAdd }));

    const box = await screen.findByRole('checkbox', { name: 'Argumentieren' });
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    expect(screen.getByText(t.generation.sending(['Argumentieren']))).toBeTruthy();
    expect(screen.queryByText(t.generation.sendingNone)).toBeNull();

    await user.click(screen.getByRole('button', { name: t.generation.propose }));
    await screen.findByRole('textbox', { name: t.generation.skillName(0, 0) });
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: `/api/tasks/${task.id}/rubric/generate/skills`,
        body: { cluster_ids: [rubricApi.clusters[0]!.id] },
      }),
    );

    // Back to the choice: the tick is kept; unticking it shows the hint that no cluster will be sent.
    await user.click(screen.getByRole('button', { name: t.generation.back }));
    const again = await screen.findByRole('checkbox', { name: 'Argumentieren' });
    expect((again as HTMLInputElement).checked).toBe(true);
    await user.click(again);
    expect(await screen.findByText(t.generation.sendingNone)).toBeTruthy();
  });

  it('shows the server’s AI_NOT_CONFIGURED answer as the German explanation', async () => {
    const { cls, task } = setup({
      aiProvider: 'openai',
      withRubric: false,
      prepare: (api) =>
        api.failNext('POST', /generate\/skills$/, () =>
          Response.json(
            { error: { code: 'AI_NOT_CONFIGURED', message: de.errors.AI_NOT_CONFIGURED }, requestId: 'r' },
            { status: 503 },
          ),
        ),
    });
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: t.generation.open }));
    await user.click(await screen.findByRole('button', { name: t.generation.propose }));
    expect(await screen.findByText(t.generation.notConfigured)).toBeTruthy();
  });
});
