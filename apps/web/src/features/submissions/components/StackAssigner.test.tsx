import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/queryClient';
import { entry, file, json, renderWithProviders, TASK_ID } from '../../../test/submissionFixtures';
import { StackAssigner } from './StackAssigner';
import { stackPageNumber } from './stackPages';
import { queryKeys } from '../../../lib/queryKeys';

const at = (ms: number) => new Date(Date.UTC(2025, 2, 10, 8, 15, 0, ms)).toISOString();

function setup() {
  // Uploaded out of list order on purpose: the page shows them by upload time.
  const pages = [3, 1, 4, 2].map((n) =>
    file(`scan.pdf – Seite ${n}`, {
      id: `page-${n}`.padEnd(21, '_'),
      mime: 'application/pdf',
      uploader_label: null,
      uploaded_at: at(n),
    }),
  );
  const photo = file('nachzuegler.jpg', { uploader_label: null, uploaded_at: at(10) });
  const viaLink = file('handy.jpg', { uploader_label: 'Lena', uploaded_at: at(5) });
  const anna = entry('Anna', 'Albers');
  const ben = entry('Ben', 'Berg');
  const cem = entry('Cem', 'Cakir');
  const calls: Array<{ url: string; body: unknown }> = [];
  const queryClient = createQueryClient();
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
  queryClient.setQueryData(queryKeys.submissions.files(TASK_ID), { files: [...pages, viaLink, photo] });
  queryClient.setQueryData(queryKeys.submissions.list(TASK_ID), { data: [anna, ben, cem] });
  renderWithProviders(<StackAssigner taskId={TASK_ID} />, queryClient);
  const matches = () =>
    calls
      .filter((c) => c.url === '/api/submissions/match')
      .map((c) => c.body as { submissionId: string; fileId: string });
  return { pages, photo, anna, ben, cem, calls, matches };
}

const pageId = (n: number) => `page-${n}`.padEnd(21, '_');

describe('Assigning the pages of a scanned stack', () => {
  it('reads the page number of a split PDF from its name', () => {
    expect(stackPageNumber('scan.pdf – Seite 12')).toBe(12);
    expect(stackPageNumber('scan.pdf')).toBeNull();
  });

  it('shows every page of the teacher’s stack in upload order, each with its thumbnail', () => {
    setup();
    const list = screen.getByRole('list', { name: 'Seiten des Stapels in der Reihenfolge des Hochladens' });
    const rows = within(list).getAllByTestId('stack-page');
    expect(rows.map((r) => within(r).getAllByText(/scan\.pdf|nachzuegler/)[0]!.textContent)).toEqual([
      'scan.pdf – Seite 1',
      'scan.pdf – Seite 2',
      'scan.pdf – Seite 3',
      'scan.pdf – Seite 4',
      'nachzuegler.jpg',
    ]);
    // Every page has its thumbnail from the server, PDF pages too.
    const thumb = within(rows[2]!).getByRole<HTMLImageElement>('img', {
      name: 'Vorschau von scan.pdf – Seite 3',
    });
    expect(thumb.getAttribute('src')).toBe(`/api/files/${pageId(3)}/thumbnail`);
    expect(
      within(rows[4]!).getByRole('img', { name: 'Vorschau von nachzuegler.jpg' }).getAttribute('src'),
    ).toMatch(/\/thumbnail$/);

    // What students sent through the link is not part of the stack.
    expect(screen.queryByText('handy.jpg')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('5 Seiten sind noch niemandem zugeordnet.');
  });

  it('gives the next N pages to the chosen student with Enter and then chooses the next student', async () => {
    const user = userEvent.setup({ delay: null });
    const { anna, ben, matches } = setup();

    const count = screen.getByLabelText('Seiten pro Schüler');
    await user.clear(count);
    await user.type(count, '2{Enter}');

    await waitFor(() => expect(matches()).toHaveLength(2));
    expect(matches()).toEqual([
      { submissionId: anna.id, fileId: pageId(1) },
      { submissionId: anna.id, fileId: pageId(2) },
    ]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Seiten 1–2 → Anna Albers'));
    expect(screen.getByLabelText<HTMLSelectElement>('Schüler').value).toBe(ben.id);
    expect(screen.getByLabelText<HTMLSelectElement>('Schüler für scan.pdf – Seite 2').value).toBe(anna.id);

    // Enter again: the next two pages nobody has yet go to Ben.
    count.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(matches()).toHaveLength(4));
    expect(matches().slice(2)).toEqual([
      { submissionId: ben.id, fileId: pageId(3) },
      { submissionId: ben.id, fileId: pageId(4) },
    ]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Seiten 3–4 → Ben Berg'));
  });

  it('assigns a single page with its own select and takes the assignment back', async () => {
    const user = userEvent.setup({ delay: null });
    const { photo, cem, calls, matches } = setup();

    const select = screen.getByLabelText<HTMLSelectElement>('Schüler für nachzuegler.jpg');
    await user.selectOptions(select, 'Cem Cakir');
    await waitFor(() => expect(matches()).toEqual([{ submissionId: cem.id, fileId: photo.id }]));
    expect(select.value).toBe(cem.id);

    await user.selectOptions(select, '– nicht zugeordnet –');
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/submissions/match/delete')?.body).toEqual({
        submissionId: cem.id,
        fileId: photo.id,
      }),
    );
    await waitFor(() => expect(select.value).toBe(''));
  });
});
