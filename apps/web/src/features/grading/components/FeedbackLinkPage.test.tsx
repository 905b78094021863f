import type { FeedbackLinkResponse, StudentSkillProfile } from '@app/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, id, json, renderWithProviders } from '../../../test/submissionFixtures';
import { FeedbackLinkPage } from './FeedbackLinkPage';

const TOKEN = 'q3Jx0vY9WmA1bC2dE3fG4hI5jK6lM7nO';

const page: FeedbackLinkResponse = {
  task: { title: 'Hebelgesetz', description: 'Berechne die Kraft.', data: null },
  student: { first_name: 'Greta' },
  files: [{ id: id('f-seite1'), original_name: 'Seite 1.jpg', mime: 'image/jpeg', pages: 1 }],
  groups: [
    {
      group_id: id('g-phys'),
      group_name: 'Physikalisches Verständnis',
      group_feedback: 'Sehr gut begründet!',
      score: 3,
      max_score: 5,
      skills: [
        {
          skill_id: id('sk-ansatz'),
          name: 'Ansatz',
          description: '',
          maxScore: 3,
          score: 3,
          level: 'Ansatz vollständig',
          reason: 'Hebelgesetz richtig angewandt',
          proof: ['F1·l1 = F2·l2'],
          recommendation: 'Einheiten angeben',
        },
        {
          skill_id: id('sk-einheit'),
          name: 'Einheiten',
          description: '',
          maxScore: 2,
          score: -1,
          level: null,
          reason: '',
          proof: [],
          recommendation: '',
        },
      ],
    },
  ],
  score: 3,
  max_score: 5,
};

const profile: StudentSkillProfile = {
  skills: [
    {
      key: 'ansatz|3',
      name: 'Ansatz',
      max_score: 3,
      trend: 'up',
      points: [
        {
          task_id: id('t-hebel1'),
          task_title: 'Hebel 1',
          date: '2026-01-10T00:00:00.000Z',
          score: 1,
          max_score: 3,
        },
        {
          task_id: id('t-hebel2'),
          task_title: 'Hebel 2',
          date: '2026-02-10T00:00:00.000Z',
          score: 3,
          max_score: 3,
        },
      ],
    },
  ],
};

describe('The student’s feedback page', () => {
  it('shows the first name, the scores, the texts and the files through the token, read-only', async () => {
    const fetch = vi.fn((url: string) =>
      Promise.resolve(url.endsWith('/skill-profile') ? json(profile) : json(page)),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<FeedbackLinkPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Hallo Greta!' })).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe(`/api/feedback-link/${TOKEN}`);
    expect(screen.getByTestId('link-total').textContent).toContain('3 von 5 Punkten');
    expect(screen.getByText('Sehr gut begründet!')).toBeTruthy();
    expect(screen.getByText('3 / 3')).toBeTruthy();
    expect(screen.getByText('nicht bewertet')).toBeTruthy();
    expect(screen.getByText('Ansatz vollständig')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Seite 1.jpg' }).getAttribute('src')).toBe(
      `/api/feedback-link/${TOKEN}/files/${id('f-seite1')}`,
    );
    // Their skill profile across the class's handed-back tasks, the trend in words.
    const table = await screen.findByRole('table', { name: 'Dein Kompetenzprofil' });
    expect(fetch.mock.calls.map((c) => c[0])).toContain(`/api/feedback-link/${TOKEN}/skill-profile`);
    expect(table.textContent).toContain('Ansatz3/3 ↑verbessert');
    expect(table.textContent).toContain('Hebel 1: 1/3Hebel 2: 3/3');
    // Nothing to edit.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('explains in German when the link is unknown or not handed back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          apiError(
            404,
            'FEEDBACK_LINK_NOT_FOUND',
            'Diese Rückmeldung gibt es nicht oder sie ist noch nicht freigegeben. Frag bitte deine Lehrkraft.',
          ),
        ),
      ),
    );
    renderWithProviders(<FeedbackLinkPage token="unbekannt" />);
    expect(await screen.findByRole('heading', { name: 'Rückmeldung nicht gefunden' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Frag bitte deine Lehrkraft.');
  });
});
