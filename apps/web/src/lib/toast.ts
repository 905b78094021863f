import { TOAST } from '@app/contract';
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { deShell } from '../i18n/de.shell';
import { ApiError } from './api';

/**
 * The one toast helper (ARCHITECTURE.md §9). Toasts close after `TOAST.durationMs`, at most
 * `TOAST.maxVisible` are visible at once, the newest ones (the `<Toaster />` mount applies the limit as well)
 * and they can be swiped away sideways.
 */

export { TOAST };

type ToastKind = 'success' | 'error' | 'info';

const colorByKind: Record<ToastKind, string> = { success: 'teal', error: 'red', info: 'blue' };

let counter = 0;

function show(kind: ToastKind, message: string): string {
  counter += 1;
  const id = `toast-${counter}`;
  const data: NotificationData = {
    id,
    message,
    color: colorByKind[kind],
    autoClose: TOAST.durationMs,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': deShell.close.toast },
    // Errors interrupt a screen reader; the others wait for a pause.
    role: kind === 'error' ? 'alert' : 'status',
    'data-toast': kind,
    ...swipeToDismiss(id),
  };
  // The newest toasts are the ones shown: a fourth pushes out the oldest instead of waiting behind the three
  // in Mantine's queue, so the outcome of what the user just did appears at once (PRODUCT.md §4 Other).
  notifications.updateState(notificationsStore, (current) => [...current, data].slice(-TOAST.maxVisible));
  return id;
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  dismiss: (id: string) => notifications.hide(id),
};

/**
 * Shows the server's German message when the server turned the request down for a reason the user can act
 * on (a 4xx `ApiError`, e.g. 409 'Fach kann nicht gelöscht werden, …'); when the server failed, could not be
 * reached or answered something unreadable, the caller's text naming the failed action (PRODUCT.md §8, e.g.
 * 'Fehler beim Erstellen der Aufgabe auf dem Server').
 */
export function toastApiError(error: unknown, fallbackMessage: string): string {
  const useServerMessage =
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.code !== 'INVALID_RESPONSE' &&
    error.message;
  return toast.error(useServerMessage ? error.message : fallbackMessage);
}

/**
 * Pointer handlers (mouse, pen and touch) that hide toast `id` when it is dragged sideways by at least
 * `TOAST.swipeThresholdPx`; a shorter drag snaps back. While dragging, the toast follows the pointer via
 * the CSS `translate` property, which does not interfere with Mantine's enter/exit `transform`.
 */
function swipeToDismiss(id: string, thresholdPx: number = TOAST.swipeThresholdPx) {
  let start: { x: number; y: number; pointerId: number } | null = null;

  const reset = (element: HTMLElement) => {
    start = null;
    element.style.translate = '';
    element.style.opacity = '';
  };

  return {
    style: { touchAction: 'pan-y' },
    onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      // The close button keeps working as a button.
      if (event.target instanceof Element && event.target.closest('button')) return;
      start = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
      if (typeof event.currentTarget.setPointerCapture === 'function') {
        event.currentTarget.setPointerCapture(event.pointerId);
      }
    },
    onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
      if (!start || event.pointerId !== start.pointerId) return;
      const dx = event.clientX - start.x;
      event.currentTarget.style.translate = `${dx}px 0`;
      event.currentTarget.style.opacity = String(Math.max(0.4, 1 - Math.abs(dx) / (thresholdPx * 6)));
    },
    onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
      if (!start || event.pointerId !== start.pointerId) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      reset(event.currentTarget);
      if (Math.abs(dx) >= thresholdPx && Math.abs(dx) > Math.abs(dy)) notifications.hide(id);
    },
    onPointerCancel(event: ReactPointerEvent<HTMLDivElement>) {
      reset(event.currentTarget);
    },
  };
}
