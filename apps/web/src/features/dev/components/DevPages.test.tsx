import type { AdminStatsResponse, PublicConfig } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { renderApp } from '../../../test/renderApp';
import { entry, file } from '../../../test/submissionFixtures';
import {
  createTeacherApi,
  makeClass,
  makeSubject,
  makeTask,
  type ApiCall,
  type TeacherApi,
} from '../../../test/teacherApi';
import { SAMPLE_TASK_DATA } from '../../editor';

// The developer pages, /old/{taskId} and the kept submission addresses (PRODUCT.md §2) in the whole app.

const stats: AdminStatsResponse = {
  counts: { users: 12, classes: 3, tasks: 7, files: 41 },
  submissions: { offen: 5, abgegeben: 4, inKorrektur: 1, korrigiert: 2, ausgeteilt: 9, error: 0 },
  queues: null,
  coinsSpent: 1234,
};

function setup() {
  const subject = makeSubject();
  const cls = makeClass({ name: '7b', subject_id: subject.id });
  const task = makeTask({ class_id: cls.id, title: 'Pythagoras', data: SAMPLE_TASK_DATA });
  const api = createTeacherApi({ subjects: [subject], classes: [cls], tasks: [task] }).install();
  const submissions = [
    entry('Ada', 'Lovelace', { id: 'sub_ada______________', task_id: task.id }),
    entry('Emmy', 'Noether', {
      id: 'sub_emmy_____________',
      task_id: task.id,
      status: 'abgegeben',
      display_status: 'abgegeben',
      files: [
        file('emmy.jpg', {
          id: 'file_emmy____________',
          task_id: task.id,
          submission_id: 'sub_emmy_____________',
        }),
      ],
    }),
    entry('Kurt', 'Gödel', {
      id: 'sub_kurt_____________',
      task_id: task.id,
      status: 'korrigiert',
      display_status: 'korrigiert',
    }),
  ];
  const unmatched = file('stapel.pdf', { id: 'file_stapel__________', task_id: task.id });
  api.intercept((call) => {
    if (call.path === '/api/submissions/getAll' && call.query.get('taskId') === task.id)
      return Response.json({ data: submissions });
    if (call.path === '/api/files' && call.query.get('taskId') === task.id)
      return Response.json({ files: [unmatched, ...submissions.flatMap((s) => s.files)] });
    return undefined;
  });
  return { api, cls, task };
}

function withAi(api: TeacherApi) {
  api.intercept((call) =>
    call.path === '/api/config'
      ? Response.json({
          authUrl: 'http://localhost',
          authMode: 'local',
          supabaseAnonKey: 'anon',
          publicUrl: 'http://localhost:3000',
          aiProvider: 'service',
          signupDisabled: false,
          posthog: null,
          version: 'test',
        } satisfies PublicConfig)
      : undefined,
  );
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('The developer pages', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('/dev/stats shows the counts, the submissions by status, the queue state and the AI spend', async () => {
    const { api } = setup();
    api.intercept((call) => (call.path === '/api/admin/stats' ? Response.json(stats) : undefined));
    await renderApp('/dev/stats', { signedInAs: 'organization_member' });

    expect(await screen.findByRole('heading', { level: 1, name: de.titles.devStats })).toBeTruthy();
    await screen.findByText(de.dev.stats.queueNotStarted);
    expect(document.title).toBe(de.titles.devStats);
    expect(section(de.dev.stats.counts).getByText('41')).toBeTruthy();
    const rows = section(de.dev.stats.submissions).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${de.dev.stats.status}${de.dev.stats.count}`,
      'offen5',
      'abgegeben4',
      'inKorrektur1',
      'korrigiert2',
      'ausgeteilt9',
      'error0',
    ]);
    expect(section(de.dev.stats.aiSpend).getByText(de.dev.stats.coinsSpent(1234))).toBeTruthy();
  });

  it('/dev/stats lists the running queues with their failed jobs', async () => {
    const { api } = setup();
    api.intercept((call) =>
      call.path === '/api/admin/stats'
        ? Response.json({ ...stats, queues: [{ name: 'corrections', queued: 2, active: 1, failed: 3 }] })
        : undefined,
    );
    await renderApp('/dev/stats', { signedInAs: 'organization_member' });

    const row = await screen.findByRole('row', { name: /corrections/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['corrections', '2', '1', '3']);
    expect(screen.queryByText(de.dev.stats.queueNotStarted)).toBeNull();
  });

  it('gives a teacher the 404 page for /dev/* and never asks the admin API', async () => {
    const { api } = setup();
    await renderApp('/dev/stats', { signedInAs: 'teacher' });

    expect(await screen.findByText(de.notFound.heading)).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith('/api/admin/'))).toBe(false);
  });

  it('/dev/ocr-test says in German that no AI service is set up', async () => {
    setup();
    await renderApp('/dev/ocr-test', { signedInAs: 'organization_member' });

    expect(await screen.findByText(de.errors.AI_NOT_CONFIGURED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: de.dev.ocr.read })).toBeNull();
  });

  it('/dev/ocr-test sends the image and shows what the AI read', async () => {
    const { api } = setup();
    withAi(api);
    const bodies: ApiCall[] = [];
    api.intercept((call) => {
      if (call.path !== '/api/admin/ocr') return undefined;
      bodies.push(call);
      return Response.json({ text: 'a² + b² = c²' });
    });
    await renderApp('/dev/ocr-test', { signedInAs: 'organization_member' });

    await screen.findByRole('button', { name: de.dev.ocr.file });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const image = new File([new Uint8Array([0xff, 0xd8, 0xff, 0x00])], 'tafel.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, image);
    await userEvent.click(screen.getByRole('button', { name: de.dev.ocr.read }));

    expect(await screen.findByText('a² + b² = c²')).toBeTruthy();
    expect(bodies[0]?.body).toEqual({ mime: 'image/jpeg', data: '/9j/AA==' });
  });

  it('/dev/submissions/flow/{taskId} groups the task’s submissions by status', async () => {
    const { task } = setup();
    await renderApp(`/dev/submissions/flow/${task.id}`, { signedInAs: 'organization_member' });

    const abgegeben = await screen.findByRole('region', { name: 'abgegeben' });
    expect(within(abgegeben).getByRole('link', { name: 'Emmy Noether' })).toBeTruthy();
    expect(within(abgegeben).getByText(de.dev.flow.files(1))).toBeTruthy();
    expect(section('offen').getByRole('link', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(section('korrigiert').getByRole('link', { name: 'Kurt Gödel' })).toBeTruthy();
    expect(section('error').getByText(de.dev.flow.none)).toBeTruthy();
    expect(screen.getByText(de.submissions.table.unmatched(1))).toBeTruthy();
  });

  it('/dev/submissions/matching shows the file matcher of the chosen task', async () => {
    setup();
    await renderApp('/dev/submissions/matching', { signedInAs: 'organization_member' });

    expect(await screen.findByText(de.dev.matching.pickTask)).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    const picker = await screen.findByRole('textbox', { name: de.dev.taskPicker });
    await waitFor(() => expect((picker as HTMLInputElement).placeholder).toBe(de.dev.taskPickerPlaceholder));
    await user.type(picker, 'Pyth');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(await screen.findByText('stapel.pdf')).toBeTruthy();
    expect(screen.queryByText(de.dev.matching.pickTask)).toBeNull();
  });
});

describe('The old task view and the kept submission addresses', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('/old/{taskId} shows the task read-only with its submissions table to a teacher', async () => {
    const { task } = setup();
    await renderApp(`/old/${task.id}`, { signedInAs: 'teacher' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pythagoras' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('AIA Tasks - Task'));
    expect(section(de.dev.oldTask.content).queryByRole('textbox')).toBeNull();
    expect(await section(de.dev.oldTask.submissions).findByText('Emmy Noether')).toBeTruthy();
  });

  it('/old/{taskId} and deeper paths show the task', async () => {
    const { task } = setup();
    const { router } = await renderApp(`/old/${task.id}/submissions/x`, { signedInAs: 'teacher' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pythagoras' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/old/${task.id}/submissions/x`);
  });

  it('/old/{taskId}/… needs a sign-in', async () => {
    const { task } = setup();
    const { router } = await renderApp(`/old/${task.id}/irgendwas`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('/old/{taskId}/edit of an unknown task gives the 404 page', async () => {
    setup();
    await renderApp('/old/unknown_task_id_xxxx/edit', { signedInAs: 'teacher' });

    expect(await screen.findByText(de.notFound.heading)).toBeTruthy();
  });

  it('/classes/{classId}/tasks/submissions/{id} says the address is gone and leads to the class', async () => {
    const { cls } = setup();
    await renderApp(`/classes/${cls.id}/tasks/submissions/abc`, { signedInAs: 'teacher' });

    expect(await screen.findByRole('heading', { name: de.dev.legacy.heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: de.dev.legacy.toClass }).getAttribute('href')).toBe(
      `/classes/${cls.id}`,
    );
    expect(document.title).toBe(de.titles.taskSubmission);
  });
});
