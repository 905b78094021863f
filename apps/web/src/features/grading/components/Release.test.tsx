import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { createQueryClient } from '../../../lib/queryClient';
import { entry, id, json, renderWithProviders, TASK_ID } from '../../../test/submissionFixtures';
import { ReleaseAllButton } from './Release';

const t = de.grading.release;

describe('"Alle korrigierten austeilen"', () => {
  it('lists the handed-back links and names the students left out for unscored skills', async () => {
    const greta = id('s-Greta');
    const max = id('s-Max');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json({
            released: [{ submission_id: max, feedback_url: 'https://schule.example/feedback/max' }],
            skipped: [{ submission_id: greta, unscored_skills: ['Einheiten', 'Skizze'] }],
          }),
        ),
      ),
    );
    const entries = [entry('Greta', 'Gärtner', { id: greta }), entry('Max', 'Meier', { id: max })];
    renderWithProviders(<ReleaseAllButton taskId={TASK_ID} entries={entries} />, createQueryClient());

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: t.all }));

    const dialog = await screen.findByRole('dialog', { name: t.allTitle });
    expect(within(dialog).getByText(t.allIntro(1))).toBeTruthy();
    expect(within(dialog).getByText('https://schule.example/feedback/max')).toBeTruthy();
    const skipped = within(dialog).getByTestId('release-skipped');
    expect(skipped.textContent).toContain(t.skippedIntro(1));
    expect(skipped.textContent).toContain('Greta Gärtner');
    expect(skipped.textContent).toContain(t.skippedSkills(['Einheiten', 'Skizze']));
  });
});
