import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  FakeXhr,
  json,
  renderWithProviders,
  STUDENT_A,
  STUDENT_B,
  submitPage,
  TASK_ID,
} from '../../../../test/submissionFixtures';
import { SubmitPage } from './SubmitPage';

function receipt(name: string, idSuffix: string) {
  return {
    received: [
      {
        id: `file_${idSuffix}`.padEnd(21, 'x'),
        original_name: name,
        size: 123_456,
        mime: 'image/jpeg',
        pages: 1,
        duplicate: false,
      },
    ],
    duplicates: 0,
    received_at: '2025-03-10T09:41:00.000Z',
  };
}

function photo(name: string) {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });
}

function chooseFiles(files: File[]) {
  // The "Dateien auswählen" input (the camera input comes first).
  const inputs = document.querySelectorAll<HTMLInputElement>('input[type=file]');
  const input = inputs[1]!;
  fireEvent.change(input, { target: { files } });
}

beforeEach(() => {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:thumb', revokeObjectURL: () => {} }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openPage(page = submitPage()) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url === `/api/submit/${TASK_ID}`) return Promise.resolve(json(page));
      return Promise.reject(new Error(`unexpected fetch ${url}`));
    }),
  );
  renderWithProviders(<SubmitPage taskId={TASK_ID} />);
  await screen.findByRole('heading', { name: 'Bruchrechnung' });
}

describe('The public submit page', () => {
  it('uploads each file with its own progress, retries a failed file and shows the receipt', async () => {
    const user = userEvent.setup({ delay: null });
    await openPage();
    expect(screen.getByText('Kürze die Brüche.').tagName).toBe('STRONG');

    await user.selectOptions(screen.getByLabelText('Wähle deinen Namen'), 'Greta G.');
    chooseFiles([photo('seite1.jpg'), photo('seite2.jpg')]);
    const list = await screen.findByRole('list', { name: 'Ausgewählte Dateien' });
    await waitFor(() => expect(within(list).getAllByText('Bereit zum Hochladen')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: '2 Dateien abgeben' }));

    // First file: progress, then accepted.
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const first = FakeXhr.requests[0]!;
    expect(first.method).toBe('POST');
    expect(first.url).toBe(`/api/submissions/studentupload/${TASK_ID}`);
    expect(first.body?.get('studentId')).toBe(STUDENT_A);
    expect((first.body?.get('files') as File).name).toBe('seite1.jpg');
    act(() => first.progress(50, 100));
    expect(await screen.findByText('Wird hochgeladen: 50 %')).toBeTruthy();
    act(() => first.respond(200, receipt('seite1.jpg', 'a')));

    // Second file: refused as an unsupported type.
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    act(() =>
      FakeXhr.requests[1]!.respond(415, {
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Dieses Dateiformat wird nicht unterstützt.' },
        requestId: 'r',
      }),
    );
    expect(
      await screen.findByText(
        'Dieses Dateiformat wird nicht unterstützt. Erlaubt sind Fotos (JPEG, PNG, WebP, HEIC) und PDF-Dateien.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Hochgeladen')).toBeTruthy();
    // Nothing is lost: the failed file stays listed with a retry button.
    const retry = screen.getByRole('button', { name: 'seite2.jpg erneut hochladen' });

    await user.click(retry);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(3));
    expect((FakeXhr.requests[2]!.body?.get('files') as File).name).toBe('seite2.jpg');
    // The server stored a converted copy under another name: the receipt names the picked file first.
    act(() => FakeXhr.requests[2]!.respond(200, receipt('seite2-umgewandelt.jpg', 'b')));

    const heading = await screen.findByRole('heading', { name: 'Abgabe erhalten' });
    const section = heading.closest('section')!;
    expect(within(section).getByText(/seite1\.jpg/)).toBeTruthy();
    const second = within(section).getByText(/^seite2\.jpg /);
    expect(second.textContent).toMatch(
      /^seite2\.jpg \(.+\) – umgewandelt und als seite2-umgewandelt\.jpg \(121 KB\) gespeichert$/,
    );
    expect(within(section).getByText(/^Eingegangen am 10\.03\.2025, \d\d:41$/)).toBeTruthy();
    expect(
      within(section).getByText('Danke, Greta G.! Deine Lehrkraft hat diese Dateien erhalten:'),
    ).toBeTruthy();
  });

  it('says it tries again while the server is unavailable and sends the file again by itself', async () => {
    const user = userEvent.setup({ delay: null });
    await openPage();
    await user.selectOptions(screen.getByLabelText('Wähle deinen Namen'), 'Greta G.');
    chooseFiles([photo('seite1.jpg')]);
    await waitFor(() => expect(screen.getAllByText('Bereit zum Hochladen')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: '1 Datei abgeben' }));

    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    act(() =>
      FakeXhr.requests[0]!.respond(503, {
        error: { code: 'DATABASE_UNAVAILABLE', message: 'Der Server ist gerade nicht erreichbar.' },
        requestId: 'r',
      }),
    );
    expect(
      await screen.findByText('Der Server ist gerade nicht erreichbar – wird gleich erneut versucht …'),
    ).toBeTruthy();
    // No error on the file meanwhile; after the wait (1 s without Retry-After) it goes again.
    expect(screen.queryByRole('button', { name: 'seite1.jpg erneut hochladen' })).toBeNull();
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2), { timeout: 5000 });
    expect((FakeXhr.requests[1]!.body?.get('files') as File).name).toBe('seite1.jpg');
    act(() => FakeXhr.requests[1]!.respond(200, receipt('seite1.jpg', 'a')));

    await screen.findByRole('heading', { name: 'Abgabe erhalten' });
    expect(screen.queryByText(/wird gleich erneut versucht/)).toBeNull();
  });

  it('preselects the student of the printed worksheet’s code, who can still pick another name', async () => {
    const user = userEvent.setup({ delay: null });
    const token = 'Tok3n_of-the-worksheet-code-0123';
    const fetchMock = vi.fn((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url === `/api/submit/${TASK_ID}?s=${token}`)
        return Promise.resolve(json(submitPage({ preselected_student_id: STUDENT_B })));
      return Promise.reject(new Error(`unexpected fetch ${url}`));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SubmitPage taskId={TASK_ID} printToken={token} />);
    await screen.findByRole('heading', { name: 'Bruchrechnung' });

    const select = screen.getByLabelText<HTMLSelectElement>('Wähle deinen Namen');
    expect(select.value).toBe(STUDENT_B);

    chooseFiles([photo('blatt.jpg')]);
    await screen.findByText('Bereit zum Hochladen');
    await user.selectOptions(select, 'Greta G.');
    expect(select.value).toBe(STUDENT_A);
    await user.click(screen.getByRole('button', { name: '1 Datei abgeben' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(FakeXhr.requests[0]!.body?.get('studentId')).toBe(STUDENT_A);
  });

  it('preselects nobody when the page names no student', async () => {
    await openPage(submitPage({ preselected_student_id: null }));
    expect(screen.getByLabelText<HTMLSelectElement>('Wähle deinen Namen').value).toBe('');
  });

  it('asks for a name before uploading and takes a typed name when the student is missing', async () => {
    const user = userEvent.setup({ delay: null });
    await openPage();
    chooseFiles([photo('blatt.jpg')]);
    await screen.findByText('Bereit zum Hochladen');

    await user.click(screen.getByRole('button', { name: '1 Datei abgeben' }));
    expect(await screen.findByText('Bitte wähle deinen Namen aus.')).toBeTruthy();
    expect(FakeXhr.requests).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Wähle deinen Namen'), 'Mein Name fehlt');
    await user.type(screen.getByLabelText('Dein Vor- und Nachname'), 'Lena Neu');
    await user.click(screen.getByRole('button', { name: '1 Datei abgeben' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(FakeXhr.requests[0]!.body?.get('studentName')).toBe('Lena Neu');
    expect(FakeXhr.requests[0]!.body?.get('studentId')).toBeNull();
  });

  it('shows clear messages for 413 and 429', async () => {
    const user = userEvent.setup({ delay: null });
    await openPage();
    await user.selectOptions(screen.getByLabelText('Wähle deinen Namen'), 'Greta G.');
    chooseFiles([photo('a.jpg'), photo('b.jpg')]);
    await waitFor(() => expect(screen.getAllByText('Bereit zum Hochladen')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: '2 Dateien abgeben' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    act(() => FakeXhr.requests[0]!.respond(413, { nope: true }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    act(() => FakeXhr.requests[1]!.respond(429, { nope: true }));
    expect(await screen.findByText(/Die Datei ist zu groß \(höchstens 20 MB pro Datei\)/)).toBeTruthy();
    expect(
      await screen.findByText(
        'Zu viele Uploads in kurzer Zeit. Bitte warte ein paar Minuten und versuche es dann erneut.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText(/Nicht alle Dateien wurden hochgeladen/)).toBeTruthy();
  });

  it('says so when the task accepts no submissions', async () => {
    await openPage(submitPage({ accepting: false, closed_reason: 'closed', students: [] }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Diese Aufgabe ist geschlossen und nimmt keine Abgaben mehr an.',
    );
    expect(screen.queryByRole('button', { name: 'Dateien auswählen' })).toBeNull();
  });

  it('tells a student when the link points to no task', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(apiError(404, 'TASK_NOT_FOUND', 'Aufgabe nicht gefunden'))),
    );
    renderWithProviders(<SubmitPage taskId={TASK_ID} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Diese Aufgabe gibt es nicht');
  });

  it('shows the data the server sent with the page without asking the API again', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <SubmitPage taskId={TASK_ID} initial={submitPage({ preselected_student_id: STUDENT_A })} />,
    );
    expect(screen.getByRole('heading', { name: 'Bruchrechnung' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Wähle deinen Namen').value).toBe(STUDENT_A);
    expect(document.title).toBe('Bruchrechnung – Abgabe');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps what the student picked, typed and chose in the server’s form, and files chosen later', async () => {
    let late: (files: File[]) => void = () => {};
    renderWithProviders(
      <SubmitPage
        taskId={TASK_ID}
        initial={submitPage({ preselected_student_id: STUDENT_A })}
        early={{
          choice: '__missing__',
          typed: 'Lena Neu',
          files: [photo('frueh.jpg')],
          lateFiles: (add) => {
            late = add;
            return () => {};
          },
        }}
      />,
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Wähle deinen Namen').value).toBe('__missing__');
    expect(screen.getByLabelText<HTMLInputElement>('Dein Vor- und Nachname').value).toBe('Lena Neu');
    const list = await screen.findByRole('list', { name: 'Ausgewählte Dateien' });
    expect(within(list).getByText('frueh.jpg')).toBeTruthy();
    act(() => late([photo('spaet.jpg')]));
    expect(await within(list).findByText('spaet.jpg')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByText('Bereit zum Hochladen')).toHaveLength(2));
  });
});
