import type { ClassSkillProfileResponse } from '@app/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { id, json, renderWithProviders } from '../../../test/submissionFixtures';
import { ClassSkillProfile } from './ClassSkillProfile';

const CLASS = id('c-7b');
const point = (task: string, score: number, max: number, month: number) => ({
  task_id: id(`t-${month}`),
  task_title: task,
  date: `2026-0${month}-01T00:00:00.000Z`,
  score,
  max_score: max,
});
const profile: ClassSkillProfileResponse = {
  skills: [
    { key: 'ansatz|3', name: 'Ansatz', max_score: 3 },
    { key: 'lesbarkeit|4', name: 'Lesbarkeit', max_score: 4 },
  ],
  students: [
    {
      student_id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      first_name: 'Anton',
      last_name: 'Amsel',
      skills: [
        {
          key: 'ansatz|3',
          name: 'Ansatz',
          max_score: 3,
          trend: 'down',
          points: [point('Brüche 1', 3, 3, 1), point('Brüche 2', 1, 3, 2)],
        },
      ],
    },
  ],
};

describe('The class’s skill profile', () => {
  it('shows the latest level per student and skill, the trend as text and the history as tooltip', async () => {
    const fetch = vi.fn((_url: string) => Promise.resolve(json(profile)));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ClassSkillProfile classId={CLASS} />);
    const table = await screen.findByRole('table', { name: 'Kompetenzprofil' });
    expect(fetch.mock.calls[0]![0]).toBe(`/api/classes/${CLASS}/skill-profile`);
    const row = within(table).getByRole('row', { name: /Anton Amsel/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['1/3 ↓verschlechtert', '–nicht bewertet']);
    expect(cells[0]!.getAttribute('title')).toMatch(/^Brüche 1 \(.+\): 3 von 3\nBrüche 2 \(.+\): 1 von 3$/);
  });

  it('says so when nothing was handed back yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json({ skills: [], students: [] }))),
    );
    renderWithProviders(<ClassSkillProfile classId={CLASS} />);
    expect(await screen.findByText('Noch keine ausgeteilten Bewertungen.')).toBeTruthy();
  });
});
