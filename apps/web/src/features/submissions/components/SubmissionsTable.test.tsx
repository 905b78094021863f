import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/queryClient';
import { entry, file, json, renderWithProviders, TASK_ID } from '../../../test/submissionFixtures';
import { SubmissionsTable } from './SubmissionsTable';
import { queryKeys } from '../../../lib/queryKeys';

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

describe('The submissions table', () => {
  it('shows every student with the status label, files and score', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.submissions.list(TASK_ID), {
      data: [
        entry('Anna', 'Albers', {
          files: [
            file('a.jpg', { submission_id: 'x'.repeat(21) }),
            file('b.pdf', { submission_id: 'x'.repeat(21) }),
          ],
          display_status: 'abgegeben',
        }),
        entry('Ben', 'Berg'),
        entry('Cem', 'Can', { score: 17, display_status: 'korrigiert' }),
        entry('Dora', 'Dahl', { status: 'inKorrektur', display_status: 'in Korrektur' }),
      ],
    });
    queryClient.setQueryData(queryKeys.submissions.files(TASK_ID), { files: [file('lose.jpg')] });
    renderWithProviders(<SubmissionsTable classId={'c'.repeat(21)} taskId={TASK_ID} />, queryClient);

    const row = (name: string) =>
      screen.getAllByTestId('submission-row').find((r) => r.dataset.student === name)!;
    expect(
      within(row('Anna Albers')).getByText('Abgegeben').closest('[data-status]')?.getAttribute('data-status'),
    ).toBe('abgegeben');
    expect(within(row('Anna Albers')).getByText('2 Dateien:')).toBeTruthy();
    expect(
      within(row('Anna Albers'))
        .getByRole('link', { name: '1: a.jpg von Anna Albers öffnen' })
        .getAttribute('href'),
    ).toBe(`/api/files/${encodeURIComponent(file('a.jpg').id)}/content`);
    expect(within(row('Ben Berg')).getByText('Offen')).toBeTruthy();
    expect(within(row('Ben Berg')).getByRole('link', { name: 'Bewerten' })).toBeTruthy();
    expect(within(row('Ben Berg')).queryByRole('button', { name: /löschen/ })).toBeNull();
    expect(within(row('Cem Can')).getByText('Korrigiert')).toBeTruthy();
    expect(within(row('Cem Can')).getByText('17')).toBeTruthy();
    expect(within(row('Dora Dahl')).getByText('In Korrektur')).toBeTruthy();
    expect(screen.getByText('1 Datei ist noch keinem Namen zugeordnet.')).toBeTruthy();
  });

  it('marks a handed-back submission changed since the hand-back beside its status', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const queryClient = createQueryClient();
    const handedBack = { status: 'ausgeteilt', display_status: 'ausgeteilt', score: 5 } as const;
    queryClient.setQueryData(queryKeys.submissions.list(TASK_ID), {
      data: [
        entry('Anna', 'Albers', { ...handedBack, changed_since_release: true }),
        entry('Ben', 'Berg', handedBack),
      ],
    });
    queryClient.setQueryData(queryKeys.submissions.files(TASK_ID), { files: [] });
    renderWithProviders(<SubmissionsTable classId={'c'.repeat(21)} taskId={TASK_ID} />, queryClient);
    const row = (name: string) =>
      screen.getAllByTestId('submission-row').find((r) => r.dataset.student === name)!;
    expect(within(row('Anna Albers')).getByText('Ausgeteilt')).toBeTruthy();
    expect(within(row('Anna Albers')).getByText('geändert seit der Rückgabe')).toBeTruthy();
    expect(within(row('Ben Berg')).queryByText('geändert seit der Rückgabe')).toBeNull();
  });

  it('marks both rows when two students handed in the same file, naming the other in the tooltip', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const anna = entry('Anna', 'Albers', { files: [file('a.jpg')], display_status: 'abgegeben' });
    const jonas = entry('Jonas', 'Schulz', { files: [file('j.jpg')], display_status: 'abgegeben' });
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.submissions.list(TASK_ID), {
      data: [
        { ...anna, identical_files_with: [jonas.id] },
        entry('Ben', 'Berg', { files: [file('b.jpg')], display_status: 'abgegeben' }),
        { ...jonas, identical_files_with: [anna.id] },
      ],
    });
    queryClient.setQueryData(queryKeys.submissions.files(TASK_ID), { files: [] });
    renderWithProviders(<SubmissionsTable classId={'c'.repeat(21)} taskId={TASK_ID} />, queryClient);

    const row = (name: string) =>
      screen.getAllByTestId('submission-row').find((r) => r.dataset.student === name)!;
    const annaMark = within(row('Anna Albers')).getByLabelText(
      'Gleiche Datei wie in der Abgabe von Jonas Schulz. Vielleicht wurde ein Foto weitergegeben – schau es dir an.',
    );
    expect(annaMark.textContent).toBe('Gleiche Datei');
    expect(
      within(row('Jonas Schulz')).getByLabelText(/Gleiche Datei wie in der Abgabe von Anna Albers\./),
    ).toBeTruthy();
    expect(within(row('Ben Berg')).queryByText('Gleiche Datei')).toBeNull();
    await user.hover(annaMark);
    expect((await screen.findByRole('tooltip')).textContent).toContain('Abgabe von Jonas Schulz');
  });

  it('deletes a submission after confirmation with the PRODUCT.md toast', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup({ delay: null });
    const anna = entry('Anna', 'Albers', { files: [file('a.jpg')], display_status: 'abgegeben' });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : String(input);
        if (init?.method === 'DELETE') return Promise.resolve(json({ id: anna.id, replacement_id: null }));
        if (url.startsWith('/api/files')) return Promise.resolve(json({ files: [] }));
        if (url.endsWith('/rubric')) return Promise.resolve(json({ task_id: TASK_ID, skill_groups: [] }));
        return Promise.resolve(json({ data: [{ ...anna, files: [], display_status: 'offen' }] }));
      }),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.submissions.list(TASK_ID), { data: [anna] });
    queryClient.setQueryData(queryKeys.submissions.files(TASK_ID), { files: [] });
    renderWithProviders(<SubmissionsTable classId={'c'.repeat(21)} taskId={TASK_ID} />, queryClient);

    await user.click(screen.getByRole('button', { name: 'Abgabe von Anna Albers löschen' }));
    await user.click(await screen.findByRole('button', { name: 'Abgabe löschen' }));
    expect(await screen.findByText('Abgabe erfolgreich gelöscht')).toBeTruthy();
    expect(
      vi
        .mocked(fetch)
        .mock.calls.some(([u, i]) => u === `/api/submissions/${anna.id}` && i?.method === 'DELETE'),
    ).toBe(true);
  });
});
