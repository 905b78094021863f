import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/queryClient';
import { entry, file, json, renderWithProviders, TASK_ID } from '../../../test/submissionFixtures';
import { FileMatcher } from './FileMatcher';
import { queryKeys } from '../../../lib/queryKeys';

function setup() {
  const photo = file('foto.jpg');
  const scan = file('scan.pdf');
  const anna = entry('Anna', 'Albers');
  const ben = entry('Ben', 'Berg');
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      if (url.startsWith('/api/submissions/match'))
        return Promise.resolve(json({ success: true, error: null }));
      // Refetches after a change: answer with what the cache holds (the server agrees).
      if (url.startsWith('/api/files'))
        return Promise.resolve(json(queryClient.getQueryData(queryKeys.submissions.files(TASK_ID))));
      if (url.startsWith('/api/submissions/getAll'))
        return Promise.resolve(json(queryClient.getQueryData(queryKeys.submissions.list(TASK_ID))));
      return Promise.reject(new Error(`unexpected ${url}`));
    }),
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.submissions.files(TASK_ID), { files: [photo, scan] });
  queryClient.setQueryData(queryKeys.submissions.list(TASK_ID), { data: [anna, ben] });
  renderWithProviders(<FileMatcher taskId={TASK_ID} />, queryClient);
  return { photo, scan, anna, ben, calls, queryClient };
}

describe('Matching files to students', () => {
  it('assigns a file by keyboard (select, arrow to a name, Enter) and undoes it', async () => {
    const user = userEvent.setup({ delay: null });
    const { photo, ben, calls } = setup();

    const fileButton = screen
      .getAllByTestId('unmatched-file')
      .find((b) => b.dataset.fileName === 'foto.jpg')!;
    fileButton.focus();
    await user.keyboard('{Enter}');
    expect(fileButton.getAttribute('aria-pressed')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Schüler' });
    expect(document.activeElement).toBe(listbox);
    expect(screen.getByText(/foto\.jpg ausgewählt/)).toBeTruthy();

    await user.keyboard('{ArrowDown}');
    expect(within(listbox).getByRole('option', { selected: true }).dataset.student).toBe('Ben Berg');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(calls.some((c) => c.url === '/api/submissions/match')).toBe(true));
    expect(calls.find((c) => c.url === '/api/submissions/match')?.body).toEqual({
      submissionId: ben.id,
      fileId: photo.id,
    });
    // Optimistic: the file left the unmatched list and Ben has it.
    expect(screen.getAllByTestId('unmatched-file').map((b) => b.dataset.fileName)).toEqual(['scan.pdf']);
    expect(within(screen.getByRole('option', { name: /Ben Berg/ })).getByText('1 Datei')).toBeTruthy();
    expect(screen.getAllByText('foto.jpg wurde Ben Berg zugewiesen.').length).toBeGreaterThan(0);

    await user.click(
      screen.getByRole('button', { name: 'Zuweisung von foto.jpg an Ben Berg rückgängig machen' }),
    );
    await waitFor(() => expect(calls.some((c) => c.url === '/api/submissions/match/delete')).toBe(true));
    expect(calls.find((c) => c.url === '/api/submissions/match/delete')?.body).toEqual({
      submissionId: ben.id,
      fileId: photo.id,
    });
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('unmatched-file')
          .map((b) => b.dataset.fileName)
          .sort(),
      ).toEqual(['foto.jpg', 'scan.pdf']),
    );
  });

  it('assigns a file dropped on a name and rolls back with a toast when the server refuses', async () => {
    const { scan, anna } = setup();
    vi.mocked(fetch).mockImplementationOnce(() =>
      Promise.resolve(json({ error: { code: 'INTERNAL', message: 'kaputt' }, requestId: 'r' }, 500)),
    );
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const tile = screen.getAllByTestId('unmatched-file').find((b) => b.dataset.fileName === 'scan.pdf')!;
    const target = screen.getByRole('option', { name: /Anna Albers/ });
    fireEvent.dragStart(tile, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });

    expect(await screen.findByText('Fehler beim Zuweisen der Datei')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/submissions/match');
    expect(JSON.parse(vi.mocked(fetch).mock.calls[0]?.[1]?.body as string)).toEqual({
      submissionId: anna.id,
      fileId: scan.id,
    });
    await waitFor(() => expect(screen.getAllByTestId('unmatched-file')).toHaveLength(2));
  });
});
