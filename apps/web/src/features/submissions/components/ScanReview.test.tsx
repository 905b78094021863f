import type { ScanReading } from '@app/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/queryClient';
import { apiError, entry, file, json, renderWithProviders, TASK_ID } from '../../../test/submissionFixtures';
import { StackAssigner } from './StackAssigner';
import { queryKeys } from '../../../lib/queryKeys';

const at = (ms: number) => new Date(Date.UTC(2025, 2, 10, 8, 15, 0, ms)).toISOString();
const ANNA = '44444444-4444-4444-8444-444444444444';
const BEN = '55555555-5555-4555-8555-555555555555';
const CEM = '66666666-6666-4666-8666-666666666666';

function reading(n: number, overrides: Partial<ScanReading>): ScanReading {
  return {
    outcome: 'no_code',
    guess_student_id: null,
    confidence: null,
    reasons: [],
    candidates: [],
    stack_index: n - 1,
    ...overrides,
  };
}

const pageId = (n: number) => `page-${n}`.padEnd(21, '_');

/**
 * A stack of eight pages as reading left it: 1, 2 and 4 assigned by their QR codes, 3 (no code) guessed as
 * Anna's from its neighbours, 5 guessed as Cem's by the name field (less sure), 6 another task's worksheet,
 * 7 blank, 8 unsure between Cem and Ben.
 */
function setup({ refuse = false, unread = 0 } = {}) {
  const anna = entry('Anna', 'Albers', { student_id: ANNA });
  const ben = entry('Ben', 'Berg', { student_id: BEN });
  const cem = entry('Cem', 'Cakir', { student_id: CEM });
  const page = (n: number, submission: string | null, scan: Partial<ScanReading>) =>
    file(`stapel.pdf – Seite ${n}`, {
      id: pageId(n),
      mime: 'application/pdf',
      uploader_label: null,
      uploaded_at: at(n),
      submission_id: submission,
      scan: reading(n, scan),
    });
  const pages = [
    page(1, anna.id, { outcome: 'qr' }),
    page(2, anna.id, { outcome: 'qr' }),
    page(3, null, {
      guess_student_id: ANNA,
      confidence: 0.9,
      reasons: ['neighbours', 'missing'],
      candidates: [ANNA, CEM],
    }),
    page(4, ben.id, { outcome: 'qr' }),
    page(5, null, { guess_student_id: CEM, confidence: 0.8, reasons: ['name'], candidates: [CEM] }),
    page(6, null, { outcome: 'foreign_code' }),
    page(7, null, { outcome: 'blank' }),
    page(8, null, {
      guess_student_id: CEM,
      confidence: 0.3,
      reasons: ['neighbour_after', 'missing'],
      candidates: [CEM, BEN],
    }),
    // Just uploaded, read in the background: the first ones already, the rest not yet.
    ...Array.from({ length: unread ? unread + 2 : 0 }, (_, i) =>
      file(`neu.pdf – Seite ${i + 1}`, {
        id: `new-${i}`.padEnd(21, '_'),
        mime: 'application/pdf',
        uploader_label: null,
        uploaded_at: new Date(Date.now() - 1000 + i).toISOString(),
        submission_id: null,
        scan: i < 2 ? reading(9 + i, { outcome: 'no_code' }) : null,
      }),
    ),
  ];
  const calls: Array<{ url: string; body: unknown }> = [];
  const queryClient = createQueryClient();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      if (url.startsWith('/api/submissions/match'))
        return Promise.resolve(
          refuse
            ? apiError(409, 'FILE_TASK_MISMATCH', 'Die Datei gehört zu einer anderen Aufgabe.')
            : json({ success: true, error: null }),
        );
      if (url.startsWith('/api/files'))
        return Promise.resolve(json(queryClient.getQueryData(queryKeys.submissions.files(TASK_ID))));
      if (url.startsWith('/api/submissions/getAll'))
        return Promise.resolve(json(queryClient.getQueryData(queryKeys.submissions.list(TASK_ID))));
      return Promise.reject(new Error(`unexpected ${url}`));
    }),
  );
  queryClient.setQueryData(queryKeys.submissions.files(TASK_ID), { files: pages });
  queryClient.setQueryData(queryKeys.submissions.list(TASK_ID), { data: [anna, ben, cem] });
  renderWithProviders(<StackAssigner taskId={TASK_ID} focusRequest={1} />, queryClient);
  const matches = () =>
    calls
      .filter((c) => c.url === '/api/submissions/match')
      .map((c) => c.body as { submissionId: string; fileId: string });
  return { anna, ben, cem, matches };
}

const queue = () => screen.getByTestId('scan-queue');
const live = () => queue().querySelector('[aria-live="polite"]')!.textContent;

describe('Reading a scanned stack', () => {
  it('shows how far the background reading of a new stack is', () => {
    setup({ unread: 3 });
    const reading = screen.getByRole('region', { name: 'Stapel wird gelesen' });
    expect(within(reading).getByRole('status').textContent).toBe('2 von 5 Seiten gelesen');
    expect(within(reading).getByRole('progressbar', { name: '2 von 5 Seiten gelesen' })).toBeTruthy();
  });

  it('shows no reading progress once every page is read', () => {
    setup();
    expect(screen.queryByRole('region', { name: 'Stapel wird gelesen' })).toBeNull();
  });

  it('says what the codes assigned and marks the pages of another task and the blank ones', () => {
    setup();
    const summary = screen.getByRole('region', { name: 'Erkannt' });
    expect(within(summary).getByText('3 Seiten per QR-Code zugeordnet')).toBeTruthy();
    expect(within(summary).getByText('1 Seite gehört zu einer anderen Aufgabe')).toBeTruthy();
    expect(within(summary).getByText('3 Seiten ohne lesbaren Code')).toBeTruthy();
    expect(within(summary).getByText('1 leere Seite')).toBeTruthy();
    expect(within(screen.getAllByTestId('stack-page')[6]!).getByText(/^Leere Seite/)).toBeTruthy();

    const rows = screen.getAllByTestId('stack-page');
    expect(within(rows[0]!).getByText('per QR-Code zugeordnet')).toBeTruthy();
    expect(within(rows[2]!).queryByText('per QR-Code zugeordnet')).toBeNull();
    expect(within(rows[5]!).getByText(/^Gehört zu einer anderen Aufgabe/)).toBeTruthy();
  });

  it('confirms the surest guess with one Enter and shows the next one', async () => {
    const user = userEvent.setup({ delay: null });
    const { anna, cem, matches } = setup();

    // The surest guess first, large enough to read the name, with who and why; the confirm button has the focus.
    expect(within(queue()).getByTestId('scan-guess').textContent).toBe('Anna Albers');
    expect(
      within(queue()).getByText(
        'Die Seiten davor und danach gehören Anna Albers. Von Anna Albers fehlen noch Seiten.',
      ),
    ).toBeTruthy();
    expect(within(queue()).getByText('Sicherheit 90 %')).toBeTruthy();
    expect(within(queue()).getByText('Noch 3 Vorschläge · Seite 3 des Stapels')).toBeTruthy();
    const thumb = within(queue()).getByRole('img', { name: 'Scan von stapel.pdf – Seite 3' });
    expect(thumb.getAttribute('src')).toBe(`/api/files/${pageId(3)}/thumbnail`);
    expect(live()).toBe(
      'Seite 3 des Stapels: vermutlich Anna Albers. Die Seiten davor und danach gehören Anna Albers. Von Anna Albers fehlen noch Seiten. Enter bestätigt.',
    );
    const confirm = within(queue()).getByRole('button', { name: /^Bestätigen/ });
    expect(document.activeElement).toBe(confirm);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(matches()).toEqual([{ submissionId: anna.id, fileId: pageId(3) }]));
    expect(within(queue()).getByTestId('scan-guess').textContent).toBe('Cem Cakir');
    expect(within(queue()).getByText('Der Name auf dem Blatt passt zu Cem Cakir.')).toBeTruthy();
    expect(live()).toBe(
      'Seite 3 → Anna Albers zugeordnet. Seite 5 des Stapels: vermutlich Cem Cakir. Der Name auf dem Blatt passt zu Cem Cakir. Enter bestätigt.',
    );
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('Schüler für stapel.pdf – Seite 3').value).toBe(
        anna.id,
      ),
    );

    // The focus stayed on the confirm button: the next Enter decides the next page.
    expect(document.activeElement).toBe(confirm);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(matches()).toHaveLength(2));
    expect(matches()[1]).toEqual({ submissionId: cem.id, fileId: pageId(5) });

    // Page 8 is unsure: nobody is preselected, Enter assigns nothing and moves to the candidates.
    expect(await within(queue()).findByText('Unklar')).toBeTruthy();
    expect(within(queue()).queryByTestId('scan-guess')).toBeNull();
    expect(within(queue()).queryByRole('button', { name: /^Bestätigen/ })).toBeNull();
    expect(
      within(queue()).getByText(
        'Am ehesten Cem Cakir: Die Seite danach gehört Cem Cakir. Von Cem Cakir fehlen noch Seiten.',
      ),
    ).toBeTruthy();
    expect(live()).toBe(
      'Seite 5 → Cem Cakir zugeordnet. Seite 8 des Stapels: unklar, am ehesten Cem Cakir, Ben Berg. Bitte wähle, wem sie gehört.',
    );
    const candidates = within(screen.getByTestId('scan-candidates'));
    await waitFor(() =>
      expect(document.activeElement).toBe(candidates.getByRole('button', { name: 'Cem Cakir' })),
    );
    await user.keyboard('{Enter}'); // on the focused candidate button: the teacher's explicit choice
    await waitFor(() => expect(matches()).toHaveLength(3));
    expect(matches()[2]).toEqual({ submissionId: cem.id, fileId: pageId(8) });
    expect(await within(queue()).findByText('Alle Vorschläge sind bearbeitet.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Alle Vorschläge sind bearbeitet.'));
    // Page 6 (another task's code) and the blank page 7 had no guess: they wait in the list.
    expect(screen.getByRole('status').textContent).toBe('2 Seiten sind noch niemandem zugeordnet.');
  });

  it('never assigns an unsure page with Enter pressed outside a candidate', async () => {
    const user = userEvent.setup({ delay: null });
    const { ben, matches } = setup();
    await user.keyboard('s'); // page 3
    await user.keyboard('s'); // page 5
    expect(await within(queue()).findByText('Unklar')).toBeTruthy();
    // Enter anywhere in the card but on a button (the teacher's habit from the sure pages) assigns nothing.
    fireEvent.keyDown(within(queue()).getByText('Unklar'), { key: 'Enter' });
    expect(matches()).toEqual([]);
    const candidates = within(screen.getByTestId('scan-candidates'));
    expect(document.activeElement).toBe(candidates.getByRole('button', { name: 'Cem Cakir' }));
    await user.click(candidates.getByRole('button', { name: 'Ben Berg' }));
    await waitFor(() => expect(matches()).toEqual([{ submissionId: ben.id, fileId: pageId(8) }]));
  });

  it('skips a page with S and gives one to another student with A', async () => {
    const user = userEvent.setup({ delay: null });
    const { ben, matches } = setup();

    await user.keyboard('s');
    expect(within(queue()).getByTestId('scan-guess').textContent).toBe('Cem Cakir');
    expect(live()).toMatch(/^Seite 3 übersprungen\. Seite 5 des Stapels: vermutlich Cem Cakir\./);

    await user.keyboard('a');
    const select = within(queue()).getByLabelText<HTMLSelectElement>('Anderer Schüler');
    await waitFor(() => expect(document.activeElement).toBe(select));
    await user.selectOptions(select, 'Ben Berg');
    await user.click(within(queue()).getByRole('button', { name: 'Zuordnen' }));
    await waitFor(() => expect(matches()).toEqual([{ submissionId: ben.id, fileId: pageId(5) }]));
    // The unsure page 8 comes last; skipped too.
    expect(await within(queue()).findByText('Unklar')).toBeTruthy();
    await user.click(within(queue()).getByRole('button', { name: /^Überspringen/ }));

    // Only the skipped pages are left; they can be shown again.
    expect(within(queue()).getByText(/2 Seiten wurden übersprungen/)).toBeTruthy();
    await user.click(within(queue()).getByRole('button', { name: 'Übersprungene erneut zeigen' }));
    expect(within(queue()).getByTestId('scan-guess').textContent).toBe('Anna Albers');
    expect(matches()).toHaveLength(1);
  });

  it('puts a page back in the queue when the server refuses the assignment', async () => {
    const user = userEvent.setup({ delay: null });
    setup({ refuse: true });
    await user.keyboard('{Enter}');
    // The server's refusal arrives as a toast, and the page is back at the front of the queue.
    expect(await screen.findByText('Die Datei gehört zu einer anderen Aufgabe.')).toBeTruthy();
    await waitFor(() => expect(within(queue()).getByTestId('scan-guess').textContent).toBe('Anna Albers'));
    expect(screen.getByLabelText<HTMLSelectElement>('Schüler für stapel.pdf – Seite 3').value).toBe('');
  });
});
