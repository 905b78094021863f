import type { DisplayStatus, GradeChange } from '@app/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, id, json, renderWithProviders, TASK_ID } from '../../../test/submissionFixtures';
import { AcceptSuggestionsButton, GradeChangesPanel, openSuggestions } from './GradeChanges';

const SUB = id('s-Greta');
const TEACHER = '11111111-1111-4111-8111-111111111111';
const OTHER = '44444444-4444-4444-8444-444444444444';
const at = '2026-03-10T08:15:00.000Z';

function change(overrides: Partial<GradeChange>): GradeChange {
  return {
    id: id(`c-${String(Math.random()).slice(2)}`),
    submission_id: SUB,
    skill_id: id('sk-Ansatz'),
    skill_name: 'Ansatz',
    actor: 'ai',
    teacher_id: null,
    teacher_name: null,
    mine: false,
    at,
    from_score: -1,
    to_score: 2,
    ...overrides,
  };
}

function stubFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetch = vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('Änderungsverlauf', () => {
  beforeEach(() => notifications.clean());

  it('lists who changed which skill when, from → to: KI, Sie, another teacher by name', async () => {
    stubFetch(() =>
      json({
        changes: [
          change({
            actor: 'teacher',
            teacher_id: TEACHER,
            teacher_name: 'Anna Bäcker',
            mine: true,
            from_score: 2,
            to_score: 3,
          }),
          change({
            actor: 'teacher',
            teacher_id: OTHER,
            teacher_name: 'Jonas Weber',
            skill_name: 'Einheiten',
            from_score: 1,
            to_score: -1,
          }),
          change({}),
        ],
      }),
    );
    renderWithProviders(
      <GradeChangesPanel
        submissionId={SUB}
        taskId={TASK_ID}
        viewUpdatedAt={at}
        fileName="Greta"
        taskTitle="Hebel"
      />,
    );
    const panel = screen.getByRole('region', { name: 'Änderungsverlauf' });
    const items = await within(panel).findAllByTestId('grade-change');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Du')).toBeTruthy();
    expect(items[0]!.textContent).toContain('Ansatz:');
    // Each change said once: the arrow for the eye, "auf" for screen readers, nothing twice.
    expect(items[0]!.textContent).toBe(
      `Du${items[0]!.querySelector('time')!.textContent}Ansatz: 2 Punkte →auf 3 Punkte`,
    );
    expect(within(items[1]!).getByText('Jonas Weber')).toBeTruthy();
    expect(items[1]!.textContent).toContain('1 Punkt →auf nicht bewertet');
    expect(within(items[2]!).getByText('KI')).toBeTruthy();
    expect(items[2]!.textContent).toContain('nicht bewertet →auf 2 Punkte');
    // German date and time, in a <time> with the exact instant.
    const time = items[2]!.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(at);
    expect(time.textContent).toMatch(/^10\.03\.2026, \d{2}:\d{2}$/);
  });

  it('says so while nothing changed, and downloads the CSV of the submission', async () => {
    const fetch = stubFetch((url) =>
      url.endsWith('.csv')
        ? new Response('\uFEFFZeitpunkt;Schüler\r\n', {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': `attachment; filename="x.csv"; filename*=UTF-8''%C3%84nderungsverlauf.csv`,
            },
          })
        : json({ changes: [] }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <GradeChangesPanel
        submissionId={SUB}
        taskId={TASK_ID}
        viewUpdatedAt={at}
        fileName="Greta"
        taskTitle="Hebel"
      />,
    );
    expect(await screen.findByText('Noch keine Änderungen an den Punkten.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Verlauf als CSV herunterladen' }));
    expect(await screen.findByText('„Änderungsverlauf.csv“ wurde heruntergeladen.')).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api/feedback/${SUB}/changes.csv`);
    await user.click(screen.getByRole('button', { name: 'Verlauf der ganzen Aufgabe als CSV' }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api/feedback/tasks/${TASK_ID}/changes.csv`),
    );
  });
});

describe('Alle Vorschläge übernehmen', () => {
  beforeEach(() => notifications.clean());

  const button = () => screen.getByRole('button', { name: 'Alle Vorschläge übernehmen' });

  it('counts only untouched, pre-selected AI scores as open', () => {
    const f = (ai_score: number | null, score: number, edited: string | null = null) => ({
      feedback: { ai_score, score, teacher_edited_at: edited },
    });
    expect(openSuggestions([{ skills: [f(2, 2), f(1, 1, at), f(3, -1), f(null, 2), f(-1, -1)] }])).toBe(1);
  });

  it('is disabled until the files are shown, while the AI corrects, and when nothing is open', () => {
    stubFetch(() => json({}));
    const show = (displayStatus: DisplayStatus, filesShown: boolean, open: number) =>
      renderWithProviders(
        <AcceptSuggestionsButton
          submissionId={SUB}
          taskId={TASK_ID}
          displayStatus={displayStatus}
          filesShown={filesShown}
          open={open}
        />,
      );
    let shown = show('korrigiert', false, 2);
    expect(button().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Sieh dir zuerst die Dateien der Abgabe an.')).toBeTruthy();
    expect(button().getAttribute('aria-describedby')).toBeTruthy();
    shown.unmount();
    shown = show('in Korrektur', true, 2);
    expect(button().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Die KI korrigiert diese Abgabe noch.')).toBeTruthy();
    shown.unmount();
    show('korrigiert', true, 0);
    expect(button().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Es gibt keine offenen Vorschläge der KI.')).toBeTruthy();
  });

  it('asks first, then takes this submission’s suggestions over', async () => {
    const fetch = stubFetch((url, init) =>
      init?.method === 'POST'
        ? json({ submission_id: SUB, accepted_skill_ids: [id('sk-Ansatz'), id('sk-Einheiten')] })
        : json({}),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <AcceptSuggestionsButton
        submissionId={SUB}
        taskId={TASK_ID}
        displayStatus="korrigiert"
        filesShown
        open={2}
      />,
    );
    await user.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Alle Vorschläge übernehmen?' });
    expect(dialog.textContent).toContain('Die 2 Vorschläge der KI');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(await screen.findByText('2 Vorschläge übernommen')).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/api/feedback/${SUB}/accept-suggestions`);
  });

  it('shows the server’s refusal when the view was not seen after the AI’s last suggestion', async () => {
    stubFetch((_url, init) =>
      init?.method === 'POST'
        ? apiError(409, 'GRADING_NOT_VIEWED', 'Bitte sieh dir die Abgabe mit ihren Dateien zuerst an.')
        : json({}),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <AcceptSuggestionsButton
        submissionId={SUB}
        taskId={TASK_ID}
        displayStatus="korrigiert"
        filesShown
        open={1}
      />,
    );
    await user.click(button());
    await user.click(await screen.findByRole('button', { name: 'Übernehmen' }));
    expect(await screen.findByText('Bitte sieh dir die Abgabe mit ihren Dateien zuerst an.')).toBeTruthy();
  });
});
