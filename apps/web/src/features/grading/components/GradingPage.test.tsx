import type { ClassAccess, GradingResponse, RubricSkill } from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { createQueryClient } from '../../../lib/queryClient';
import { apiError, entry, id, json, renderWithProviders, TASK_ID } from '../../../test/submissionFixtures';
import { GradingPage } from './GradingPage';
import { queryKeys } from '../../../lib/queryKeys';
import { makeClass } from '../../../test/teacherApi';

const navigate = vi.fn();
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));
vi.mock('../../../components/links', async () => {
  const { forwardRef } = await import('react');
  const Link = forwardRef<HTMLAnchorElement, { children?: React.ReactNode; to: string }>(
    ({ children, to }, ref) => (
      <a ref={ref} href={to}>
        {children}
      </a>
    ),
  );
  return { ButtonLink: Link, AnchorLink: Link };
});

const OWNER = '11111111-1111-4111-8111-111111111111';
const stamp = '2025-03-10T08:15:00.000Z';
const CLASS_ID = id('class');
const SUB = id('s-Greta');

function skill(name: string, group: string, maxScore: number): RubricSkill {
  return {
    id: id(`sk-${name}`),
    name,
    description: '',
    maxScore,
    position: 0,
    group_id: group,
    created_at: stamp,
    created_by: OWNER,
    details: Array.from({ length: maxScore + 1 }, (_, score) => ({
      skillDetail_id: id(`d-${name}-${String(score)}`),
      skill_id: id(`sk-${name}`),
      value: `${name} Stufe ${String(score)}`,
      score,
      requirements: null,
      example: null,
      created_at: stamp,
      created_by: OWNER,
    })),
  };
}

/** Greta's submission: "Ansatz" scored 1 by the AI, "Einheiten" not scored, a group text from the AI. */
function grading(): GradingResponse {
  const group = id('g-phys');
  const ansatz = skill('Ansatz', group, 3);
  const einheiten = skill('Einheiten', group, 2);
  return {
    submission: {
      id: SUB,
      task_id: TASK_ID,
      status: 'korrigiert',
      display_status: 'korrigiert',
      name: { first_name: 'Greta', last_name: 'Gärtner' },
      files: [],
      score: 1,
      max_score: 5,
      feedback_url: null,
      released_at: null,
      changed_since_release: false,
      updated_at: stamp,
    },
    task: { id: TASK_ID, title: 'Hebelgesetz', class_id: CLASS_ID },
    groups: [
      {
        group_id: group,
        group_name: 'Physikalisches Verständnis',
        group_description: '',
        text: {
          group_id: group,
          submission_id: SUB,
          feedback: 'KI: Gute Idee.',
          ai_feedback: 'KI: Gute Idee.',
          teacher_edited_at: null,
        },
        score: 1,
        max_score: 5,
        skills: [
          {
            skill: ansatz,
            feedback: {
              id: id('fb-ansatz'),
              skill_id: ansatz.id,
              submission_id: SUB,
              score: 1,
              reason: 'Ansatz stimmt',
              proof: ['F1·l1'],
              recommendation: 'Einheiten angeben',
              created_by: OWNER,
              ai_score: 1,
              teacher_edited_at: null,
              ai_reason: 'Ansatz stimmt',
              ai_recommendation: 'Einheiten angeben',
              texts_edited_at: null,
              ai_texts_kept: false,
              ai_runs: null,
              ai_spread: null,
              evidence: [],
            },
          },
          {
            skill: einheiten,
            feedback: {
              id: null,
              skill_id: einheiten.id,
              submission_id: SUB,
              score: -1,
              reason: '',
              proof: [],
              recommendation: '',
              ai_score: null,
              teacher_edited_at: null,
              ai_reason: null,
              ai_recommendation: null,
              texts_edited_at: null,
              ai_texts_kept: false,
              ai_runs: null,
              ai_spread: null,
              evidence: [],
            },
          },
        ],
      },
    ],
  };
}

function setup(
  answer: (url: string, init?: RequestInit) => Response | Promise<Response>,
  view: GradingResponse = grading(),
  /** The teacher's role in the class (co-teaching), as the route's loader puts the class in the cache. */
  role?: ClassAccess,
) {
  // The grading view (refetched after a hand-back) and the change history beside the rubric come in the
  // contract's shapes; every other call is the test's to answer.
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const get = (init?.method ?? 'GET') === 'GET';
    if (get && url === `/api/feedback/${SUB}`) return Promise.resolve(json(view));
    if (get && url.endsWith('/changes')) return Promise.resolve(json({ changes: [] }));
    return Promise.resolve(answer(url, init));
  });
  vi.stubGlobal('fetch', fetch);
  const queryClient = createQueryClient();
  if (role)
    queryClient.setQueryData(queryKeys.classes.detail(CLASS_ID), makeClass({ id: CLASS_ID, my_role: role }));
  queryClient.setQueryData(queryKeys.grading.detail(SUB), view);
  queryClient.setQueryData(queryKeys.submissions.list(TASK_ID), {
    data: [
      entry('Greta', 'Gärtner', { id: SUB, display_status: 'korrigiert', score: 1 }),
      entry('Max', 'Meier', { id: id('s-Max') }),
    ],
  });
  renderWithProviders(<GradingPage classId={CLASS_ID} taskId={TASK_ID} submissionId={SUB} />, queryClient);
  return { fetch, queryClient };
}

const levelButton = (skillName: string, label: RegExp) =>
  within(screen.getByRole('group', { name: `Punkte für ${skillName}` })).getByRole('button', { name: label });

describe('The grading page', () => {
  // Toasts live in a module-level store: one test's toast must not answer the next test's question.
  beforeEach(() => notifications.clean());

  it('marks the AI suggestion, saves a changed score at once and updates the sums', async () => {
    const user = userEvent.setup({ delay: null });
    let release: (r: Response) => void = () => {};
    const { fetch } = setup((url, init) => {
      if (init?.method === 'PUT')
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      return json({ data: [] });
    });
    const ansatz = screen.getAllByTestId('skill').find((s) => s.dataset.skill === 'Ansatz')!;
    expect(within(ansatz).getByText('KI-Vorschlag', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(ansatz).getByText('Ansatz stimmt')).toBeTruthy();
    expect(levelButton('Ansatz', /^1 Punkt/).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('total-score').textContent).toContain('1 / 5');

    await user.click(levelButton('Ansatz', /^3 Punkte/));
    // Optimistic: pressed and summed before the server answered.
    expect(levelButton('Ansatz', /^3 Punkte/).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('total-score').textContent).toContain('3 / 5');
    expect(screen.getByTestId('group-score').textContent).toBe('3 / 5 Punkte');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe(`/api/feedback/${SUB}/skills/${id('sk-Ansatz')}`);
    expect(JSON.parse(put[1]!.body as string)).toEqual({ score: 3 });

    const saved = grading().groups[0]!.skills[0]!.feedback;
    await act(async () => release(json({ ...saved, score: 3, teacher_edited_at: stamp })));
    expect(await screen.findByText('Feedback erfolgreich aktualisiert')).toBeTruthy();
    expect(within(ansatz).getByText('Von dir bewertet')).toBeTruthy();
    expect(within(ansatz).getByText('KI-Vorschlag war: 1 Punkt')).toBeTruthy();
  });

  it('puts the previous score back when saving fails', async () => {
    const user = userEvent.setup({ delay: null });
    setup((_url, init) =>
      init?.method === 'PUT'
        ? apiError(500, 'INTERNAL', 'Ein unerwarteter Fehler ist aufgetreten.')
        : json({ data: [] }),
    );
    await user.click(levelButton('Einheiten', /^2 Punkte/));
    expect(await screen.findByText('Fehler beim Speichern des Feedbacks')).toBeTruthy();
    await waitFor(() =>
      expect(levelButton('Einheiten', /^Nicht bewertet/).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(levelButton('Einheiten', /^2 Punkte/).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('total-score').textContent).toContain('1 / 5');
  });

  it('puts the last saved group text back when saving fails', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetch } = setup((_url, init) =>
      init?.method === 'PUT'
        ? apiError(503, 'SERVICE_UNAVAILABLE', 'Der Dienst ist gerade nicht erreichbar.')
        : json({ data: [] }),
    );
    const field = screen.getByRole('textbox', { name: /Rückmeldung zu Physikalisches Verständnis/ });
    await user.clear(field);
    await user.type(field, 'Sehr gut begründet!');
    await user.click(screen.getByRole('button', { name: 'Rückmeldung speichern' }));
    expect(await screen.findByText('Fehler beim Speichern des Feedbacks')).toBeTruthy();
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe('KI: Gute Idee.'));
    const puts = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0]![1]!.body as string)).toEqual({ feedback: 'Sehr gut begründet!' });
  });

  it('hides the AI’s reason from the student after a score change until the teacher keeps it', async () => {
    const user = userEvent.setup({ delay: null });
    const view = grading();
    const changed = { ...view.groups[0]!.skills[0]!.feedback, score: 2, teacher_edited_at: stamp };
    view.groups[0]!.skills[0]!.feedback = changed;
    let answer: (r: Response) => void = () => {};
    const { fetch } = setup(
      (_url, init) =>
        init?.method === 'PUT'
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : json({ data: [] }),
      view,
    );
    const ansatz = screen.getAllByTestId('skill').find((s) => s.dataset.skill === 'Ansatz')!;
    expect(within(ansatz).getByText(/Die Begründung der KI passt zu 1 Punkt/)).toBeTruthy();
    // The AI's original stays visible for the teacher.
    expect(within(ansatz).getByText('Ansatz stimmt')).toBeTruthy();
    const keep = within(ansatz).getByRole('checkbox', { name: 'Begründung der KI beibehalten' });
    expect((keep as HTMLInputElement).checked).toBe(false);

    await user.click(keep);
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe(`/api/feedback/${SUB}/skills/${id('sk-Ansatz')}/texts`);
    expect(JSON.parse(put[1]!.body as string)).toEqual({ keep_ai_texts: true });
    await act(async () => answer(json({ ...changed, ai_texts_kept: true })));
    await waitFor(() =>
      expect(
        within(ansatz).getByRole<HTMLInputElement>('checkbox', { name: 'Begründung der KI beibehalten' })
          .checked,
      ).toBe(true),
    );
    expect(within(ansatz).queryByText(/Die Begründung der KI passt zu 1 Punkt/)).toBeNull();
  });

  it('takes back a refused “keep the AI’s reason” with the server’s reason', async () => {
    const user = userEvent.setup({ delay: null });
    const view = grading();
    view.groups[0]!.skills[0]!.feedback = {
      ...view.groups[0]!.skills[0]!.feedback,
      score: 3,
      teacher_edited_at: stamp,
    };
    setup(
      (_url, init) =>
        init?.method === 'PUT'
          ? apiError(409, 'FEEDBACK_NO_AI_TEXTS', 'Zu dieser Kompetenz gibt es keine Begründung der KI.')
          : json({ data: [] }),
      view,
    );
    const ansatz = screen.getAllByTestId('skill').find((s) => s.dataset.skill === 'Ansatz')!;
    await user.click(within(ansatz).getByRole('checkbox', { name: 'Begründung der KI beibehalten' }));
    expect(await screen.findByText('Zu dieser Kompetenz gibt es keine Begründung der KI.')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(ansatz).getByRole<HTMLInputElement>('checkbox', { name: 'Begründung der KI beibehalten' })
          .checked,
      ).toBe(false),
    );
    expect(within(ansatz).getByText(/Die Begründung der KI passt zu 1 Punkt/)).toBeTruthy();
  });

  it('lets the teacher rewrite and remove a skill’s reason, the AI’s original beside it', async () => {
    const user = userEvent.setup({ delay: null });
    const base = grading().groups[0]!.skills[0]!.feedback;
    const bodies: unknown[] = [];
    setup((_url, init) => {
      if (init?.method !== 'PUT') return json({ data: [] });
      const body = JSON.parse(init.body as string) as { reason: string; recommendation: string };
      bodies.push(body);
      return json({ ...base, ...body, texts_edited_at: stamp });
    });
    const ansatz = screen.getAllByTestId('skill').find((s) => s.dataset.skill === 'Ansatz')!;
    await user.click(within(ansatz).getByRole('button', { name: 'Begründung bearbeiten' }));
    const reason = within(ansatz).getByRole('textbox', { name: 'Begründung' });
    expect((reason as HTMLTextAreaElement).value).toBe('Ansatz stimmt');
    await user.clear(reason);
    await user.type(reason, 'Sauber hergeleitet.');
    await user.clear(within(ansatz).getByRole('textbox', { name: 'Empfehlung' }));
    await user.click(within(ansatz).getByRole('button', { name: 'Begründung speichern' }));
    await waitFor(() => expect(bodies).toEqual([{ reason: 'Sauber hergeleitet.', recommendation: '' }]));
    expect(await within(ansatz).findByText('Deine Begründung')).toBeTruthy();
    expect(within(ansatz).getByText('Sauber hergeleitet.')).toBeTruthy();
    expect(within(ansatz).getByText('Begründung der KI (nur für dich sichtbar)')).toBeTruthy();
    expect(within(ansatz).getByText('Ansatz stimmt')).toBeTruthy();

    await user.click(within(ansatz).getByRole('button', { name: 'Begründung entfernen' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ reason: '', recommendation: '' });
    expect(await within(ansatz).findByText('Der Schüler sieht keine Begründung.')).toBeTruthy();
  });

  it('shows a change since the hand-back and hands back again', async () => {
    const user = userEvent.setup({ delay: null });
    const view = grading();
    view.submission = {
      ...view.submission,
      status: 'ausgeteilt',
      display_status: 'ausgeteilt',
      feedback_url: 'https://schule.example/feedback/abc',
      released_at: stamp,
      changed_since_release: true,
    };
    const { fetch } = setup(
      (url, init) =>
        init?.method === 'POST'
          ? json({ released: [{ submission_id: SUB, feedback_url: 'https://schule.example/feedback/abc' }] })
          : json({ data: [] }),
      view,
    );
    expect(screen.getByText('geändert seit der Rückgabe')).toBeTruthy();
    expect(screen.getByText(/sieht noch die Fassung, die du ausgeteilt hast/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Erneut austeilen' }));
    // "Einheiten" is unscored: the dialog names it, and only the confirmation hands back.
    const dialog = await screen.findByRole('dialog', { name: de.grading.release.unscoredTitle });
    expect(within(dialog).getByText(de.grading.release.unscoredText(['Einheiten']))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: de.grading.release.unscoredConfirm }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([u, init]) => init?.method === 'POST' && u === `/api/feedback/${SUB}/release`),
      ).toBe(true),
    );
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({ allowUnscored: true });
  });

  it('names the unscored skills before handing back and sends nothing when cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetch } = setup(() => json({ data: [] }));
    await user.click(screen.getByRole('button', { name: de.grading.release.button }));
    const dialog = await screen.findByRole('dialog', { name: de.grading.release.unscoredTitle });
    expect(dialog.textContent).toContain('Einheiten');
    await user.click(within(dialog).getByRole('button', { name: de.common.cancel }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('goes to the next student with J and announces the position', async () => {
    const user = userEvent.setup({ delay: null });
    setup(() => json({ data: [] }));
    expect(screen.getByTestId('announce').textContent).toBe('Abgabe 1 von 2: Greta Gärtner');
    await user.keyboard('j');
    expect(navigate).toHaveBeenCalledWith({
      to: '/classes/$classId/tasks/$taskId/submissions/$submissionId',
      params: { classId: CLASS_ID, taskId: TASK_ID, submissionId: id('s-Max') },
    });
  });

  it('downloads the feedback sheet of the submission as a PDF, named a draft before the hand-back', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetch } = setup((url) =>
      url === `/api/submissions/${SUB}/feedback-sheet.pdf`
        ? new Response(new Uint8Array([0x25, 0x50]), {
            headers: {
              'Content-Disposition':
                'attachment; filename="Feedbackbogen Hebelgesetz Greta Gartner.pdf"; filename*=UTF-8\'\'Feedbackbogen%20Hebelgesetz%20Greta%20G%C3%A4rtner.pdf',
            },
          })
        : json({ data: [] }),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sheet'), revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    const button = screen.getByRole('button', { name: de.pdfs.feedbackSheetDraft });
    expect(button.getAttribute('title')).toBe(de.pdfs.feedbackSheetDraftHint);
    await user.click(button);

    expect(
      await screen.findByText(de.pdfs.downloaded('Feedbackbogen Hebelgesetz Greta Gärtner.pdf')),
    ).toBeTruthy();
    expect(clicked).toEqual(['Feedbackbogen Hebelgesetz Greta Gärtner.pdf']);
    expect(fetch.mock.calls.some(([url]) => url === `/api/submissions/${SUB}/feedback-sheet.pdf`)).toBe(true);
  });

  it.each([
    [de.pdfs.feedbackSheetReleased, `/api/submissions/${SUB}/feedback-sheet.pdf`],
    [de.pdfs.feedbackSheetCurrent, `/api/submissions/${SUB}/feedback-sheet.pdf?version=current`],
  ])('changed since the hand-back, offers "%s" under the feedback sheet button', async (item, expected) => {
    const user = userEvent.setup({ delay: null });
    const view = grading();
    view.submission = {
      ...view.submission,
      status: 'ausgeteilt',
      display_status: 'ausgeteilt',
      feedback_url: 'https://schule.example/feedback/abc',
      released_at: stamp,
      changed_since_release: true,
    };
    const sheet = (url: string) => url.startsWith(`/api/submissions/${SUB}/feedback-sheet.pdf`);
    const { fetch } = setup(
      (url) =>
        sheet(url)
          ? new Response(new Uint8Array([0x25, 0x50]), {
              headers: { 'Content-Disposition': 'attachment; filename="Feedbackbogen.pdf"' },
            })
          : json({ data: [] }),
      view,
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sheet'), revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await user.click(screen.getByRole('button', { name: de.pdfs.feedbackSheet }));
    await user.click(await screen.findByRole('menuitem', { name: item }));
    expect(await screen.findByText(de.pdfs.downloaded('Feedbackbogen.pdf'))).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url).filter(sheet)).toEqual([expected]);
  });
});

describe('The grading page with the AI’s runs and evidence (ADR 024)', () => {
  beforeEach(() => notifications.clean());
  const FILE = id('file-1');

  /** "Einheiten": runs 0, 2, 2 (unsure, not pre-selected) with a marked quote; "Ansatz": no evidence at all. */
  function unsureView(): GradingResponse {
    const view = grading();
    view.submission.files = [
      {
        id: FILE,
        task_id: TASK_ID,
        submission_id: SUB,
        original_name: 'Seite 1.jpg',
        mime: 'image/jpeg',
        size: 10,
        sha256: 'a'.repeat(64),
        pages: 1,
        uploaded_at: stamp,
        uploader_label: null,
        scan: null,
      },
    ];
    const [ansatz, einheiten] = view.groups[0]!.skills;
    ansatz!.feedback = { ...ansatz!.feedback, proof: [], ai_runs: [1, 1, 2], ai_spread: 1 };
    einheiten!.feedback = {
      ...einheiten!.feedback,
      id: id('fb-einheiten'),
      score: -1,
      ai_score: 2,
      ai_reason: 'Einheiten vollständig',
      ai_recommendation: '',
      ai_runs: [0, 2, 2],
      ai_spread: 2,
      proof: ['F = 20 N'],
      evidence: [{ quote: 'F = 20 N', file_id: FILE, page: 1, box: { x: 0.1, y: 0.2, w: 0.5, h: 0.25 } }],
    };
    return view;
  }
  const skillCard = (name: string) => screen.getAllByTestId('skill').find((s) => s.dataset.skill === name)!;

  it('lists the unsure skill first, marks it "unsicher" with the runs in words and pre-selects nothing', () => {
    setup(() => json({ data: [] }), unsureView());
    expect(screen.getAllByTestId('skill').map((s) => s.dataset.skill)).toEqual(['Einheiten', 'Ansatz']);
    expect(screen.getByTestId('unsure-summary').textContent).toBe(de.grading.ai.unsureSummary(1));
    const einheiten = skillCard('Einheiten');
    expect(within(einheiten).getByTestId('unsure').textContent).toContain('unsicher');
    expect(within(einheiten).getByTestId('ai-runs').textContent).toBe(
      'KI-Läufe: 0, 2, 2 Punkte (Abweichung 2 Stufen)',
    );
    // Nothing pre-selected: "Nicht bewertet" is pressed, the AI's median is only marked.
    expect(levelButton('Einheiten', /^Nicht bewertet/).getAttribute('aria-pressed')).toBe('true');
    const median = levelButton('Einheiten', /^2 Punkte/);
    expect(median.getAttribute('aria-pressed')).toBe('false');
    expect(within(median).getByLabelText('KI-Vorschlag')).toBeTruthy();
    expect(within(einheiten).getByText(de.grading.skill.aiTextsUnsure(2))).toBeTruthy();
    // Nobody changed the score yet: nothing to keep the AI's texts for.
    expect(within(einheiten).queryByRole('checkbox', { name: de.grading.skill.keepAiTexts })).toBeNull();
    // The sure skill keeps its pre-selected suggestion and no unsure mark.
    expect(within(skillCard('Ansatz')).queryByTestId('unsure')).toBeNull();
    expect(levelButton('Ansatz', /^1 Punkt/).getAttribute('aria-pressed')).toBe('true');
    expect(within(skillCard('Ansatz')).getByTestId('ai-runs').textContent).toBe(
      'KI-Läufe: 1, 1, 2 Punkte (Abweichung 1 Stufe)',
    );
  });

  it('marks a suggestion without evidence "ohne Beleg" and shows a quote’s region over the file', async () => {
    const user = userEvent.setup({ delay: null });
    setup(() => json({ data: [] }), unsureView());
    expect(within(skillCard('Ansatz')).getByTestId('no-evidence').textContent).toBe('ohne Beleg');
    expect(within(skillCard('Einheiten')).queryByTestId('no-evidence')).toBeNull();
    expect(screen.queryByTestId('evidence-box')).toBeNull();

    const show = within(skillCard('Einheiten')).getByRole('button', {
      name: de.grading.ai.showLabel('Einheiten'),
    });
    await user.click(show);
    const box = screen.getByRole('img', { name: de.grading.ai.boxLabel('Einheiten', 'F = 20 N') });
    expect(box.style.left).toBe('10%');
    expect(box.style.top).toBe('20%');
    expect(box.style.width).toBe('50%');
    expect(box.style.height).toBe('25%');
    const hide = within(skillCard('Einheiten')).getByRole('button', { name: de.grading.ai.hide });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    await user.click(hide);
    expect(screen.queryByTestId('evidence-box')).toBeNull();
  });
  describe('in a colleague’s class (co-teaching)', () => {
    it('"kann ansehen": shows the grading as it is, with nothing to score, write, reset or hand back', () => {
      setup(() => json({ data: [] }), grading(), 'view');

      expect(screen.getByTestId('read-only-notice').textContent).toBe(de.sharing.readOnly.grading);
      expect(screen.getByTestId('total-score').textContent).toContain('1 / 5');
      // The levels are a list with the chosen one marked, not buttons.
      expect(screen.queryByRole('group', { name: 'Punkte für Ansatz' })).toBeNull();
      const levels = screen.getByRole('list', { name: 'Punkte für Ansatz' });
      const chosen = within(levels)
        .getAllByRole('listitem')
        .filter((item) => item.hasAttribute('data-pressed'));
      expect(chosen.map((item) => item.textContent)).toEqual([
        expect.stringContaining(de.sharing.readOnly.chosen) as unknown as string,
      ]);
      expect(within(levels).queryAllByRole('button')).toEqual([]);
      expect(screen.queryAllByRole('textbox')).toEqual([]);
      expect(screen.getByText('KI: Gute Idee.')).toBeTruthy();
      for (const name of [
        de.grading.release.button,
        de.grading.reset.button,
        de.grading.group.save,
        de.grading.skill.editTexts,
        de.grading.skill.removeLabel('Ansatz'),
      ])
        expect(screen.queryByRole('button', { name })).toBeNull();
      // Looking around stays: the next student, the feedback sheet.
      expect(screen.getByRole('button', { name: de.grading.page.next })).toBeTruthy();
      expect(screen.getByRole('button', { name: de.pdfs.feedbackSheetDraft })).toBeTruthy();
    });

    it('"kann bewerten": grades and hands back as the owner does', () => {
      setup(() => json({ data: [] }), grading(), 'grade');

      expect(screen.queryByTestId('read-only-notice')).toBeNull();
      expect(levelButton('Ansatz', /^1 Punkt/).getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByRole('textbox', { name: /Rückmeldung zu Physikalisches Verständnis/ })).toBeTruthy();
      expect(screen.getByRole('button', { name: de.grading.release.button })).toBeTruthy();
      expect(screen.getByRole('button', { name: de.grading.reset.button })).toBeTruthy();
    });
  });
});
