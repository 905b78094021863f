import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages } from '@app/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { de } from '../i18n/de';
import { renderApp } from '../test/renderApp';
import {
  apiErrorResponse,
  createTeacherApi,
  fakeId,
  makeClass,
  makeSubject,
  makeTask,
} from '../test/teacherApi';
import { SAMPLE_TASK_DATA } from '../features/editor';

function setup(overrides: Parameters<typeof makeTask>[0] = {}) {
  const subject = makeSubject();
  const cls = makeClass({ name: '7b', subject_id: subject.id });
  const task = makeTask({ class_id: cls.id, title: 'Pythagoras', data: SAMPLE_TASK_DATA, ...overrides });
  const api = createTeacherApi({ subjects: [subject], classes: [cls], tasks: [task] }).install();
  return { api, cls, task };
}

function statusCard() {
  return within(screen.getByRole('region', { name: de.tasks.statusLabel }));
}

describe('The task page /classes/{classId}/tasks/{taskId}', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the class’s worksheets, one page set per student, under the server’s file name', async () => {
    const { api, cls, task } = setup();
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    api.intercept((call) =>
      call.method === 'GET' && call.path === `/api/tasks/${task.id}/worksheet.pdf`
        ? new Response(pdf, {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="Arbeitsblatt Pythagoras (pro Schueler).pdf"',
            },
          })
        : undefined,
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:worksheets');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const print = within(await screen.findByRole('region', { name: de.pdfs.heading }));

    await userEvent.click(print.getByRole('button', { name: de.pdfs.printWorksheets }));

    expect(
      await screen.findByText(de.pdfs.downloaded('Arbeitsblatt Pythagoras (pro Schueler).pdf')),
    ).toBeTruthy();
    const call = api.calls.find((c) => c.path === `/api/tasks/${task.id}/worksheet.pdf`);
    expect(call?.query.get('perStudent')).toBe('1');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('Arbeitsblatt Pythagoras (pro Schueler).pdf');
    expect(createObjectURL.mock.calls[0]![0].size).toBe(5);
  });

  it('shows the server’s message when the worksheets are refused', async () => {
    const { api, cls, task } = setup();
    api.intercept((call) =>
      call.path === `/api/tasks/${task.id}/worksheet.pdf` ? apiErrorResponse('TASK_NOT_FOUND') : undefined,
    );
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });

    await userEvent.click(await screen.findByRole('button', { name: de.pdfs.printWorksheets }));

    expect(await screen.findByText('Aufgabe nicht gefunden')).toBeTruthy();
  });

  it('exports the feedback sheets as a ZIP with a progress bar, downloads it and keeps a link', async () => {
    const { api, cls, task } = setup();
    const exportId = fakeId('exp');
    const base = {
      id: exportId,
      task_id: task.id,
      format: 'zip',
      error: null,
      file_name: null,
      created_at: '2025-03-14T15:00:00.000Z',
    };
    // The job's progress as the polls see it: 1 of 3, then done.
    const states = [
      { ...base, status: 'running', done: 1, total: 3 },
      { ...base, status: 'done', done: 3, total: 3, file_name: 'Feedbackbögen Pythagoras.zip' },
    ];
    api.intercept((call) => {
      if (call.method === 'POST' && call.path === `/api/tasks/${task.id}/pdf-exports`)
        return Response.json({ export: { ...base, status: 'queued', done: 0, total: 3 } }, { status: 202 });
      if (call.path === `/api/pdf-exports/${exportId}`)
        return Response.json({ export: states.length > 1 ? states.shift() : states[0] });
      if (call.path === `/api/pdf-exports/${exportId}/file`)
        return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition':
              'attachment; filename="Feedbackbogen Pythagoras.zip"; filename*=UTF-8\'\'Feedbackb%C3%B6gen%20Pythagoras.zip',
          },
        });
      return undefined;
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });
    const box = within(await screen.findByRole('region', { name: de.pdfs.export.heading }));
    expect(box.getByText(de.pdfs.export.help)).toBeTruthy();

    await user.click(box.getByRole('radio', { name: de.pdfs.export.zip }));
    await user.click(box.getByRole('button', { name: de.pdfs.export.start }));

    const bar = await box.findByRole('progressbar', { name: de.pdfs.export.progressLabel });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('1'));
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    expect(bar.getAttribute('aria-valuetext')).toBe('1 von 3');
    expect(box.getByText('1 von 3')).toBeTruthy();
    expect(box.getByRole('button', { name: de.pdfs.export.start })).toHaveProperty('disabled', true);

    await waitFor(() => expect(clicked).toEqual(['Feedbackbögen Pythagoras.zip']), { timeout: 3000 });
    expect(box.queryByRole('progressbar')).toBeNull();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ format: 'zip' });
    await user.click(
      box.getByRole('button', { name: de.pdfs.export.downloadAgain('Feedbackbögen Pythagoras.zip') }),
    );
    await waitFor(() => expect(clicked).toHaveLength(2));
  });

  it('says why an export cannot start', async () => {
    const { api, cls, task } = setup();
    api.intercept((call) =>
      call.method === 'POST' && call.path === `/api/tasks/${task.id}/pdf-exports`
        ? apiErrorResponse('PDF_EXPORT_NOTHING_GRADED')
        : undefined,
    );
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });

    const box = within(await screen.findByRole('region', { name: de.pdfs.export.heading }));

    await userEvent.click(box.getByRole('button', { name: de.pdfs.export.start }));

    expect((await box.findByRole('alert')).textContent).toBe(errorMessages.PDF_EXPORT_NOTHING_GRADED);
    expect(box.queryByRole('progressbar')).toBeNull();
  });

  it('downloads the class overview', async () => {
    const { api, cls, task } = setup();
    api.intercept((call) =>
      call.path === `/api/tasks/${task.id}/class-overview.pdf`
        ? new Response(new Uint8Array([0x25, 0x50]), {
            headers: { 'Content-Disposition': 'attachment; filename="Klassenuebersicht Pythagoras.pdf"' },
          })
        : undefined,
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:overview'), revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });

    await userEvent.click(await screen.findByRole('button', { name: de.pdfs.classOverview }));

    expect(await screen.findByText(de.pdfs.downloaded('Klassenuebersicht Pythagoras.pdf'))).toBeTruthy();
  });

  it('shows title, status, due date and the content with its formulas', async () => {
    const { cls, task } = setup({
      due_date: '2025-03-14T15:00:00.000Z',
      feedback_template: 'Gut gemacht!',
    });
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Pythagoras');
    expect(document.title).toBe('Neue Aufgabe erstellen');
    expect(statusCard().getByText(de.tasks.status.draft)).toBeTruthy();
    expect(screen.getByText('Gut gemacht!')).toBeTruthy();
    expect(screen.getByText(/14\.03\.2025/)).toBeTruthy();
    const content = await screen.findByRole('document', { name: de.tasks.content });
    expect(content.querySelectorAll('.katex')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: de.tasks.submissionsHeading })).toBeTruthy();
  });

  it('publishes a draft and then offers to close it', async () => {
    const { api, cls, task } = setup();
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await statusCard().findByRole('button', { name: de.tasks.publish }));

    expect(await screen.findByText('Aufgabe erfolgreich aktualisiert')).toBeTruthy();
    expect(statusCard().getByText(de.tasks.status.published)).toBeTruthy();
    expect(statusCard().getByRole('button', { name: de.tasks.close })).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        path: `/api/tasks/${task.id}`,
        body: { status: 'published' },
      }),
    );
  });

  it('shows the new status at once and takes it back when the server fails', async () => {
    const { api, cls, task } = setup({ status: 'published' });
    const held = api.holdNext('PATCH', /^\/api\/tasks\//, () => new Response(null, { status: 500 }));
    await renderApp(`/classes/${cls.id}/tasks/${task.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await statusCard().findByRole('button', { name: de.tasks.close }));
    await waitFor(() => expect(statusCard().getByText(de.tasks.status.closed)).toBeTruthy());
    held.release();

    expect(await screen.findByText('Fehler beim Aktualisieren der Aufgabe auf dem Server')).toBeTruthy();
    await waitFor(() => expect(statusCard().getByText(de.tasks.status.published)).toBeTruthy());
  });

  it('shows the 404 page for a task that is not there', async () => {
    const { cls } = setup();
    await renderApp(`/classes/${cls.id}/tasks/AAAAAAAAAAAAAAAAAAAAA`, { signedInAs: 'teacher' });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(de.notFound.heading);
  });
});

describe('Creating a task at /classes/{classId}/tasks/new/{id}', () => {
  it('asks for a title, then creates the task with its formula and opens its page', async () => {
    const { api, cls } = setup();
    const { router } = await renderApp(`/classes/${cls.id}/tasks/new/AbCdEfGhIjKlMnOpQrStU`, {
      signedInAs: 'teacher',
    });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: de.tasks.create }));
    expect(await screen.findByText('Aufgaben-Titel ist erforderlich')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /^Titel/ }), 'Kreisfläche');
    // The editor is loaded lazily: on a busy machine its toolbar may take more than a second.
    await user.click(
      await screen.findByRole('button', { name: de.editor.toolbar.blockMath }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: de.editor.math.insertTitle });
    await user.type(within(dialog).getByLabelText(de.editor.math.latex), 'A = \\pi r^2');
    await user.click(within(dialog).getByRole('button', { name: de.editor.math.insert }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: de.tasks.create }));

    expect(await screen.findByText('Aufgabe erfolgreich erstellt')).toBeTruthy();
    const created = api.db.tasks.find((task) => task.title === 'Kreisfläche');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/classes/${cls.id}/tasks/${created?.id}`),
    );
    expect(JSON.stringify(created?.data)).toContain('"latex":"A = \\\\pi r^2"');
    expect(created).toMatchObject({ class_id: cls.id, status: 'draft', due_date: null });
  });
});
