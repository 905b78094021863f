import type { ClassStudent } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { renderApp } from '../../../test/renderApp';
import { createTeacherApi, makeClass, makeSubject, type TeacherApi } from '../../../test/teacherApi';

// The class page's data rights (ADR 022): "Daten exportieren" per class and per student, "Schüler löschen"
// with a confirmation that says what goes.

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
const t = de.dataRights;

function setup() {
  const subject = makeSubject({ name: 'Mathematik' });
  const cls = makeClass({ name: '7b', grade: '7', subject_id: subject.id });
  const other = makeClass({ name: '8a', grade: '8', subject_id: subject.id });
  const api = createTeacherApi({
    subjects: [subject],
    classes: [cls, other],
    students: { [cls.id]: [anna, ben], [other.id]: [anna] },
  }).install();
  return { api, cls, other };
}

const studentsSection = () => within(screen.getByRole('region', { name: de.classes.students.heading }));

/** Answers `path` with a small ZIP under `fileName`; returns the links the app clicked. */
function serveZip(api: TeacherApi, path: string, fileName: string) {
  api.intercept((call) =>
    call.method === 'GET' && call.path === path
      ? new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': `attachment; filename="${fileName}"`,
          },
        })
      : undefined,
  );
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }),
  );
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  return clicked;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Data rights on the class page', () => {
  it('downloads the class’s data under the server’s file name', async () => {
    const { api, cls } = setup();
    const clicked = serveZip(
      api,
      `/api/classes/${cls.id}/export`,
      'klassenzimmer-klasse-7-7b-2026-11-26.zip',
    );
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const card = within(await screen.findByRole('region', { name: t.classCard.heading }));
    expect(card.getByText(t.classCard.text)).toBeTruthy();

    await userEvent.click(card.getByRole('button', { name: t.classCard.export }));

    expect(await screen.findByText(t.exported('klassenzimmer-klasse-7-7b-2026-11-26.zip'))).toBeTruthy();
    expect(clicked.map((link) => link.download)).toEqual(['klassenzimmer-klasse-7-7b-2026-11-26.zip']);
  });

  it('downloads one student’s data from the row’s menu, and shows the server’s refusal', async () => {
    const { api, cls } = setup();
    const clicked = serveZip(
      api,
      `/api/students/${ben.user_id}/export`,
      'klassenzimmer-schueler-ben-ott.zip',
    );
    api.failNext('GET', new RegExp(`^/api/students/${anna.user_id}/export$`), () =>
      Response.json(
        { error: { code: 'RATE_LIMITED', message: 'Zu viele Anfragen.' }, requestId: 'r' },
        { status: 429 },
      ),
    );
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: t.student.more('Ben Ott') }));
    await user.click(await screen.findByRole('menuitem', { name: t.student.export }));
    expect(await screen.findByText(t.exported('klassenzimmer-schueler-ben-ott.zip'))).toBeTruthy();
    expect(clicked).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: t.student.more('Anna Berg') }));
    await user.click(await screen.findByRole('menuitem', { name: t.student.export }));
    expect(await screen.findByText('Zu viele Anfragen.')).toBeTruthy();
    expect(clicked).toHaveLength(1);
  });

  it('deletes a student only after a confirmation that says what goes', async () => {
    const { api, cls, other } = setup();
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: t.student.more('Anna Berg') }));
    await user.click(await screen.findByRole('menuitem', { name: t.student.delete }));
    const dialog = within(await screen.findByRole('dialog', { name: t.student.deleteTitle }));
    const text = dialog.getByText(t.student.deleteText('Anna Berg')).textContent ?? '';
    for (const part of [
      'Anna Berg',
      'Schülerkonto',
      'allen deinen Klassen',
      'Abgaben',
      'Dateien',
      'Bewertungen',
    ])
      expect(text).toContain(part);
    // Cancelling deletes nothing.
    await user.click(dialog.getByRole('button', { name: de.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: t.student.more('Anna Berg') }));
    await user.click(await screen.findByRole('menuitem', { name: t.student.delete }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t.student.deleteConfirm }),
    );

    expect(await screen.findByText(t.student.deleted('Anna Berg'))).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/api/students/${anna.user_id}` }),
    );
    await waitFor(() => expect(studentsSection().queryByText('Anna Berg')).toBeNull());
    expect(studentsSection().getByText('Ben Ott')).toBeTruthy();
    // Gone from every class, not only from this one.
    expect(api.db.students[other.id]).toEqual([]);
  });

  it('puts the student back and says so when the deletion fails', async () => {
    const { api, cls } = setup();
    api.failNext('DELETE', /^\/api\/students\//);
    await renderApp(`/classes/${cls.id}`, { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: t.student.more('Anna Berg') }));
    await user.click(await screen.findByRole('menuitem', { name: t.student.delete }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t.student.deleteConfirm }),
    );

    expect(await screen.findByText('Fehler beim Löschen des Schülers aus der Klasse')).toBeTruthy();
    await waitFor(() => expect(studentsSection().getByText('Anna Berg')).toBeTruthy());
  });
});
