import { errorMessages, type PublicConfig, type SubmissionListEntry } from '@app/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configQueryOptions } from '../../config/queries';
import { Toaster } from '../../../components/Toaster';
import { createQueryClient } from '../../../lib/queryClient';
import { theme } from '../../../theme';
import { entry, file, json, renderWithProviders, TASK_ID } from '../../../test/submissionFixtures';
import { CorrectionBar, correctionProgress } from './CorrectionBar';
import { queryKeys } from '../../../lib/queryKeys';

const config = (aiProvider: PublicConfig['aiProvider']): PublicConfig => ({
  authUrl: 'http://localhost:3000',
  authMode: 'local',
  supabaseAnonKey: 'local',
  publicUrl: 'http://localhost:3000',
  aiProvider,
  signupDisabled: false,
  posthog: null,
  version: 'test',
});

/** `n` hand-ins with the given display status. */
function handIns(
  n: number,
  status: SubmissionListEntry['display_status'],
  from: number,
): SubmissionListEntry[] {
  return Array.from({ length: n }, (_, i) =>
    entry(`S${String(from + i)}`, 'Test', {
      id: `sub${String(from + i)}`.padEnd(21, '_'),
      files: [file(`f${String(from + i)}.jpg`)],
      display_status: status,
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('The AI correction bar', () => {
  it('counts progress over the hand-ins only', () => {
    const entries = [
      ...handIns(12, 'korrigiert', 0),
      ...handIns(16, 'in Korrektur', 12),
      entry('Ohne', 'Datei'),
    ];
    expect(correctionProgress(entries)).toEqual({ running: 16, done: 12, total: 28 });
  });

  it('shows "12 von 28 korrigiert" while corrections run and queues all waiting ones with their cost', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup({ delay: null });
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : String(input);
        if (init?.method === 'POST') {
          calls.push({ url, body: JSON.parse(init.body as string) });
          return Promise.resolve(json({ queued: 2, submissionIds: [], coinCount: 8 }));
        }
        if (url.startsWith('/api/corrections/preview'))
          return Promise.resolve(json({ waiting: 2, costPerSubmission: 1, coinCount: 10 }));
        return new Promise<Response>(() => {});
      }),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(configQueryOptions.queryKey, config('openai'));
    queryClient.setQueryData(queryKeys.corrections.preview(TASK_ID), {
      waiting: 2,
      costPerSubmission: 1,
      coinCount: 10,
    });
    const entries = [
      ...handIns(12, 'korrigiert', 0),
      ...handIns(14, 'in Korrektur', 12),
      ...handIns(2, 'abgegeben', 26),
    ];
    renderWithProviders(<CorrectionBar taskId={TASK_ID} entries={entries} />, queryClient);

    expect(screen.getByTestId('correction-progress').textContent).toBe('12 von 28 korrigiert');
    expect(screen.getByRole('progressbar', { name: 'Fortschritt der KI-Korrektur' })).toBeTruthy();
    expect(screen.getByText('2 Abgaben warten · Kosten: 2 Coins · Guthaben: 10 Coins')).toBeTruthy();
    await user.click(
      screen.getByRole('button', { name: 'KI-Korrektur für alle: 2 Abgaben für 2 Coins korrigieren lassen' }),
    );
    await waitFor(() => expect(calls).toEqual([{ url: '/api/corrections', body: { taskId: TASK_ID } }]));
    expect(await screen.findByText('KI-Korrektur für 2 Abgaben gestartet. Guthaben: 8 Coins.')).toBeTruthy();
  });

  it('names the missing rubric levels when the correction is refused and links to the rubric editor', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup({ delay: null });
    const skillId = (name: string) => `sk-${name}`.padEnd(21, '_');
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST')
          return Promise.resolve(
            json(
              {
                error: {
                  code: 'CORRECTION_RUBRIC_INCOMPLETE',
                  message: errorMessages.CORRECTION_RUBRIC_INCOMPLETE,
                  details: {
                    taskId: TASK_ID,
                    skills: [
                      { skillId: skillId('Ansatz'), name: 'Ansatz', scores: [1] },
                      { skillId: skillId('Lesbarkeit'), name: 'Lesbarkeit', scores: [0, 1, 2] },
                    ],
                  },
                },
                requestId: 'req-1',
              },
              409,
            ),
          );
        const url = input instanceof Request ? input.url : String(input);
        if (url.startsWith('/api/corrections/preview'))
          return Promise.resolve(json({ waiting: 2, costPerSubmission: 1, coinCount: 10 }));
        return new Promise<Response>(() => {});
      }),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(configQueryOptions.queryKey, config('openai'));
    queryClient.setQueryData(queryKeys.corrections.preview(TASK_ID), {
      waiting: 2,
      costPerSubmission: 1,
      coinCount: 10,
    });
    renderWithProviders(<CorrectionBar taskId={TASK_ID} entries={handIns(2, 'abgegeben', 0)} />, queryClient);
    await user.click(screen.getByRole('button', { name: /^KI-Korrektur für alle/ }));

    const notice = await screen.findByRole('alert', { name: 'Im Bewertungsraster fehlen Stufen' });
    expect(within(notice).getByText('Ansatz: keine Stufe für 1 Punkt')).toBeTruthy();
    expect(within(notice).getByText('Lesbarkeit: keine Stufe für 0, 1 und 2 Punkte')).toBeTruthy();
    expect(
      within(notice)
        .getByRole('link', { name: 'Fehlende Stufen im Bewertungsraster ergänzen' })
        .getAttribute('href'),
    ).toBe('#task-rubric');
    // Closed, it stays closed until the next refusal.
    await user.click(within(notice).getByRole('button', { name: 'Hinweis schließen' }));
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'Im Bewertungsraster fehlen Stufen' })).toBeNull(),
    );
  });

  it('explains instead of offering the button when no AI service is configured', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(configQueryOptions.queryKey, config('none'));
    renderWithProviders(<CorrectionBar taskId={TASK_ID} entries={handIns(2, 'abgegeben', 0)} />, queryClient);
    expect(screen.getByText('Kein KI-Dienst eingerichtet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /KI-Korrektur/ })).toBeNull();
  });

  it('toasts "Fehler beim Generieren des Feedbacks" when a running correction fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(configQueryOptions.queryKey, config('openai'));
    const running = handIns(1, 'in Korrektur', 0);
    const tree = (entries: SubmissionListEntry[]) => (
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme}>
          <Toaster />
          <CorrectionBar taskId={TASK_ID} entries={entries} />
        </MantineProvider>
      </QueryClientProvider>
    );
    const view = render(tree(running));
    expect(screen.queryByText('Fehler beim Generieren des Feedbacks')).toBeNull();
    view.rerender(tree([{ ...running[0]!, display_status: 'error' }]));
    expect(await screen.findByText('Fehler beim Generieren des Feedbacks')).toBeTruthy();
  });
});
