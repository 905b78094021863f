import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../components/Toaster';
import { de } from '../i18n/de';
import { ApiError } from './api';
import { TOAST, toast, toastApiError } from './toast';

function renderToaster() {
  render(
    <MantineProvider>
      <Toaster />
    </MantineProvider>,
  );
}

// The toast stack loads with the first toast (components/Toaster.tsx): look for toasts with findBy.
async function toastElement(text: string): Promise<HTMLElement> {
  const element = (await screen.findByText(text)).closest<HTMLElement>('[data-toast]');
  if (!element) throw new Error(`no toast with text ${text}`);
  return element;
}

function drag(element: HTMLElement, fromX: number, toX: number) {
  fireEvent.pointerDown(element, { pointerId: 1, pointerType: 'touch', clientX: fromX, clientY: 100 });
  fireEvent.pointerMove(element, {
    pointerId: 1,
    pointerType: 'touch',
    clientX: (fromX + toX) / 2,
    clientY: 100,
  });
  fireEvent.pointerMove(element, { pointerId: 1, pointerType: 'touch', clientX: toX, clientY: 101 });
  fireEvent.pointerUp(element, { pointerId: 1, pointerType: 'touch', clientX: toX, clientY: 101 });
}

afterEach(() => {
  act(() => {
    notifications.clean();
  });
});

describe('toast', () => {
  it('loads the toast stack only with the first toast', async () => {
    renderToaster();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      toast.info('Erste Meldung');
    });
    expect(await screen.findByText('Erste Meldung')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });

  it('shows a message and disappears when swiped sideways past 20 px', async () => {
    renderToaster();
    act(() => {
      toast.success(de.toasts.subjects.created);
    });
    const element = await toastElement(de.toasts.subjects.created);

    drag(element, 200, 230);

    await waitFor(() => expect(screen.queryByText(de.toasts.subjects.created)).toBeNull());
  });

  it('stays when the drag is shorter than 20 px', async () => {
    renderToaster();
    act(() => {
      toast.info(de.toasts.grading.updated);
    });
    const element = await toastElement(de.toasts.grading.updated);

    drag(element, 200, 212);

    // Give a wrongly scheduled hide the time of Mantine's exit transition before checking.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByText(de.toasts.grading.updated)).toBeTruthy();
    expect(element.style.translate).toBe('');
  });

  it('shows at most 3 toasts at once, the newest: an older one makes room instead of a newer one waiting', async () => {
    renderToaster();
    act(() => {
      for (let i = 1; i <= 5; i += 1) toast.info(`Meldung ${i}`);
    });

    await screen.findByText('Meldung 5');
    // Mantine's exit transition removes the pushed-out ones.
    await waitFor(() => expect(document.querySelectorAll('[data-toast]')).toHaveLength(3));
    expect(Array.from(document.querySelectorAll('[data-toast]'), (el) => el.textContent)).toEqual([
      'Meldung 3',
      'Meldung 4',
      'Meldung 5',
    ]);
    expect(screen.queryByText('Meldung 1')).toBeNull();

    act(() => {
      toast.error('Meldung 6');
    });
    await waitFor(() => expect(screen.queryByText('Meldung 3')).toBeNull());
    expect(screen.getByText('Meldung 6')).toBeTruthy();
    expect(document.querySelectorAll('[data-toast]')).toHaveLength(3);
  });

  it('closes a toast after 4000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderToaster();
      act(() => {
        toast.success(de.toasts.tasks.created);
      });
      await screen.findByText(de.toasts.tasks.created);
      await act(() => vi.advanceTimersByTimeAsync(TOAST.durationMs - 200));
      expect(screen.getByText(de.toasts.tasks.created)).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.queryByText(de.toasts.tasks.created)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's German message of an ApiError, otherwise the fallback", async () => {
    renderToaster();
    act(() => {
      toastApiError(
        new ApiError({ status: 404, code: 'CLASS_NOT_FOUND', message: de.errors.CLASS_NOT_FOUND }),
        de.toasts.classes.loadFailed,
      );
      toastApiError(new Error('boom'), de.toasts.classes.deleteFailed);
    });

    expect(await screen.findByText(de.errors.CLASS_NOT_FOUND)).toBeTruthy();
    expect(screen.getByText(de.toasts.classes.deleteFailed)).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('names the failed action instead of a server failure or a lost connection', async () => {
    renderToaster();
    act(() => {
      toastApiError(
        new ApiError({ status: 500, code: 'INTERNAL', message: de.errors.INTERNAL }),
        de.toasts.tasks.createOnServerFailed,
      );
      toastApiError(
        new ApiError({ status: 0, code: 'NETWORK', message: de.api.network }),
        de.toasts.classes.deleteFailed,
      );
    });

    expect(await screen.findByText(de.toasts.tasks.createOnServerFailed)).toBeTruthy();
    expect(screen.getByText(de.toasts.classes.deleteFailed)).toBeTruthy();
    expect(screen.queryByText(de.errors.INTERNAL)).toBeNull();
    expect(screen.queryByText(de.api.network)).toBeNull();
  });
});
