import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { file, renderWithProviders } from '../../../test/submissionFixtures';
import { PageThumbnail } from './PageThumbnail';

afterEach(() => {
  vi.useRealTimers();
});

describe('The thumbnail of a scanned page', () => {
  it('asks the server again twice, then shows a card with the page number', () => {
    vi.useFakeTimers();
    const page = file('scan.pdf – Seite 3', {
      id: 'page-3_______________',
      mime: 'application/pdf',
      uploader_label: null,
    });
    renderWithProviders(<PageThumbnail file={page} width={72} height={96} alt="Vorschau" />);
    const first = screen.getByRole<HTMLImageElement>('img', { name: 'Vorschau' });
    expect(first.getAttribute('src')).toBe(`/api/files/${page.id}/thumbnail`);

    // Busy (503): the same picture is asked for again a little later, in a new element.
    fireEvent.error(first);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    const second = screen.getByRole<HTMLImageElement>('img', { name: 'Vorschau' });
    expect(second).not.toBe(first);
    expect(second.getAttribute('src')).toBe(`/api/files/${page.id}/thumbnail`);
    fireEvent.error(second);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    const third = screen.getByRole<HTMLImageElement>('img', { name: 'Vorschau' });
    expect(third.tagName).toBe('IMG');

    // Still nothing: the page number stands in.
    fireEvent.error(third);
    const card = screen.getByRole('img', { name: 'Vorschau' });
    expect(card.tagName).not.toBe('IMG');
    expect(card.textContent).toBe('Seite 3');
  });
});
