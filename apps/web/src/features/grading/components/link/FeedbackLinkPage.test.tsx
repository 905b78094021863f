import type { FeedbackLinkPageData, FeedbackLinkResponse, StudentSkillProfile } from '@app/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderFeedbackLinkPage } from '../../../../feedback.server';
import { apiError, id, json } from '../../../../test/submissionFixtures';
import { FeedbackLinkApp } from './FeedbackLinkPage';
import { feedbackLinkPage } from './page';

const TOKEN = 'q3Jx0vY9WmA1bC2dE3fG4hI5jK6lM7nO';
const NOT_FOUND =
  'Diese Rückmeldung gibt es nicht oder sie ist noch nicht freigegeben. Frag bitte deine Lehrkraft.';

const link: FeedbackLinkResponse = {
  task: {
    title: 'Hebelgesetz',
    description: 'Berechne die Kraft.',
    data: {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Es gilt ' },
            { type: 'inlineMath', attrs: { latex: 'F_1 \\cdot l_1 = F_2 \\cdot l_2' } },
          ],
        },
      ],
    },
  },
  student: { first_name: 'Greta' },
  files: [
    { id: id('f-seite1'), original_name: 'Seite 1.jpg', mime: 'image/jpeg', pages: 1 },
    { id: id('f-rechnung'), original_name: 'Rechnung.pdf', mime: 'application/pdf', pages: 2 },
  ],
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

/** The page as the server sends it (src/feedback.server.tsx), into a fresh `#root`. */
async function serverRendered(data: FeedbackLinkPageData) {
  const { html, title } = await renderFeedbackLinkPage(TOKEN, data);
  // Every part in place: no inline script (which the Content Security Policy would not run) moves one in.
  expect(html).not.toContain('<script');
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return { root, title };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('The student’s feedback page from the server', () => {
  it('comes complete from the server, formulas included, and the script keeps that markup', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { root, title } = await serverRendered({ link, profile });
    expect(title).toBe('Hebelgesetz – Rückmeldung');
    // Everything the page shows is in the server's HTML: no request, no script needed to read it.
    for (const text of ['Hallo Greta!', 'Sehr gut begründet!', 'Hebelgesetz richtig angewandt', 'Hebel 2'])
      expect(root.textContent).toContain(text);
    expect(root.querySelector('.katex')).not.toBeNull();
    expect(root.querySelector('table')?.getAttribute('aria-labelledby')).toBe('skill-profile');
    // No preload of the photos: they come last.
    expect(root.querySelector('link')).toBeNull();
    const heading = root.querySelector('h1');
    const formula = root.querySelector('.katex');

    await act(async () => {
      hydrateRoot(root, feedbackLinkPage(TOKEN, { link, profile }).element);
      // The formulas' chunk (KaTeX) arrives; its part of the page hydrates then.
      await vi.dynamicImportSettled();
    });
    // Hydrated, not replaced (a mismatch would have been logged as an error and fail the test).
    expect(root.querySelector('h1')).toBe(heading);
    expect(root.querySelector('.katex')).toBe(formula);
    expect(Object.keys(heading!).some((key) => key.startsWith('__reactFiber'))).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('comes from the server in one piece however long the page is', async () => {
    const long = 'Ein langer Absatz der Aufgabe. '.repeat(600);
    const formula = (latex: string) => ({ type: 'blockMath', attrs: { latex } });
    const { root } = await serverRendered({
      link: {
        ...link,
        task: {
          ...link.task,
          data: {
            type: 'doc',
            content: [
              { type: 'paragraph', content: [{ type: 'text', text: long }] },
              formula('\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}'),
              formula('a^2 + b^2 = c^2'),
            ],
          },
        },
      },
      profile,
    });
    expect(root.querySelectorAll('.katex-display')).toHaveLength(2);
    expect(root.querySelector('[hidden]')).toBeNull();
  });

  it('comes from the server with the German message of an unknown link', async () => {
    const { root, title } = await serverRendered({ notFound: NOT_FOUND });
    expect(title).toBe('Deine Rückmeldung');
    expect(within(root).getByRole('heading', { name: 'Rückmeldung nicht gefunden' })).toBeTruthy();
    expect(within(root).getByRole('alert').textContent).toBe(NOT_FOUND);
    await act(async () => {
      hydrateRoot(root, feedbackLinkPage(TOKEN, { notFound: NOT_FOUND }).element);
    });
    expect(within(root).getByRole('alert').textContent).toBe(NOT_FOUND);
  });

  it('says so when the skill profile could not be read', async () => {
    const { root } = await serverRendered({ link, profile: null });
    expect(within(root).getByRole('alert').textContent).toBe(
      'Das Kompetenzprofil konnte nicht geladen werden.',
    );
  });
});

describe('The student’s feedback page', () => {
  it('shows the first name, the scores, the texts and the files through the token, read-only', async () => {
    const fetch = vi.fn((url: string) =>
      Promise.resolve(url.endsWith('/skill-profile') ? json(profile) : json(link)),
    );
    vi.stubGlobal('fetch', fetch);
    render(<FeedbackLinkApp token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Hallo Greta!' })).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe(`/api/feedback-link/${TOKEN}`);
    expect(document.title).toBe('Hebelgesetz – Rückmeldung');
    expect(screen.getByTestId('link-total').textContent).toContain('3 von 5 Punkten');
    const group = screen.getByRole('region', { name: 'Physikalisches Verständnis' });
    expect(within(group).getByText('Sehr gut begründet!')).toBeTruthy();
    expect(within(group).getByText('3 / 3')).toBeTruthy();
    expect(within(group).getByText('nicht bewertet')).toBeTruthy();
    expect(within(group).getByText('Ansatz vollständig')).toBeTruthy();
    expect(within(group).getByText('„F1·l1 = F2·l2“')).toBeTruthy();
    expect(within(group).getByText('Einheiten angeben')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Seite 1.jpg' }).getAttribute('src')).toBe(
      `/api/feedback-link/${TOKEN}/files/${id('f-seite1')}`,
    );
    expect(screen.getByTitle('PDF: Rechnung.pdf').getAttribute('src')).toBe(
      `/api/feedback-link/${TOKEN}/files/${id('f-rechnung')}`,
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
      vi.fn(() => Promise.resolve(apiError(404, 'FEEDBACK_LINK_NOT_FOUND', NOT_FOUND))),
    );
    render(<FeedbackLinkApp token="unbekannt" />);
    expect(await screen.findByRole('heading', { name: 'Rückmeldung nicht gefunden' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Frag bitte deine Lehrkraft.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to try again when the page could not be loaded', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(apiError(500, 'INTERNAL', 'Interner Fehler'))
      .mockImplementation((url: string) =>
        Promise.resolve(url.endsWith('/skill-profile') ? json(profile) : json(link)),
      );
    vi.stubGlobal('fetch', fetch);
    render(<FeedbackLinkApp token={TOKEN} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { name: 'Hallo Greta!' })).toBeTruthy();
  });
});
