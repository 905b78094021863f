import type { ListNotificationsResponse } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { renderApp } from '../../../test/renderApp';
import { apiErrorResponse, createTeacherApi } from '../../../test/teacherApi';

const USER = '00000000-0000-4000-8000-000000000001';

function inbox(): ListNotificationsResponse {
  return {
    coinCount: 42,
    unreadCount: 2,
    notifications: [
      {
        id: 'n2aaaaaaaaaaaaaaaaaaa',
        type: 'feedback_done',
        title: 'Feedback fertig',
        details: '5 von 5 Abgaben korrigiert',
        link_to: '/subjects',
        receiver_user_id: USER,
        created_at: '2026-03-02T08:00:00.000Z',
        read_at: null,
      },
      {
        id: 'n1aaaaaaaaaaaaaaaaaaa',
        type: 'info',
        title: 'Willkommen',
        details: '',
        link_to: 'https://example.org/evil',
        receiver_user_id: USER,
        created_at: '2026-03-01T08:00:00.000Z',
        read_at: null,
      },
    ],
  };
}

/** A fake /api/notifications that keeps state, so that refetches see what the server would say. */
function install(options: { failRead?: boolean } = {}) {
  const data = inbox();
  const api = createTeacherApi();
  api.intercept((call) => {
    if (call.path === '/api/notifications' && call.method === 'GET') return Response.json(data);
    if (call.path === '/api/notifications/read' && call.method === 'POST') {
      if (options.failRead) return apiErrorResponse('NOTIFICATION_NOT_FOUND');
      const id = (call.body as { id?: string }).id;
      for (const n of data.notifications)
        if (id === undefined || n.id === id) n.read_at ??= '2026-03-03T08:00:00.000Z';
      data.unreadCount = data.notifications.filter((n) => n.read_at === null).length;
      return Response.json({ unreadCount: data.unreadCount });
    }
    return undefined;
  });
  return api.install();
}

describe('Notifications at /notifications', () => {
  it('lists the newest first with the coin balance, and the bell counts the unread ones', async () => {
    install();
    await renderApp('/notifications', { signedInAs: 'teacher' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Die letzten Benachrichtigungen' }),
    ).toBeTruthy();
    expect(document.title).toBe('Die letzten Benachrichtigungen');
    const list = screen.getByRole('list', { name: de.notifications.listLabel });
    const titles = within(list)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(titles).toEqual(['Feedback fertig', 'Willkommen']);
    expect(screen.getAllByText(de.notifications.balance(42)).length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: de.notifications.bell(2) })).toBeTruthy();
    // Only links inside the app are offered.
    expect(within(list).getAllByRole('link', { name: de.notifications.open })).toHaveLength(1);
  });

  it('says that only feedback per hand-in costs coins, not a rubric proposal', async () => {
    install();
    await renderApp('/notifications', { signedInAs: 'teacher' });

    const hint = await screen.findByText(de.notifications.balanceHint);
    expect(hint.textContent).toMatch(/Feedback zu einer Abgabe/);
    expect(hint.textContent).toMatch(/Rubrik-Vorschläge sind kostenlos/);
    expect(hint.textContent).not.toMatch(/Jede KI-Anfrage/);
  });

  it('marks one as read at once and the bell follows', async () => {
    const api = install();
    await renderApp('/notifications', { signedInAs: 'teacher' });
    const user = userEvent.setup({ delay: null });

    const buttons = await screen.findAllByRole('button', { name: de.notifications.markRead });
    await user.click(buttons[0]!);

    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: de.notifications.markRead })).toHaveLength(1),
    );
    expect(await screen.findByRole('link', { name: de.notifications.bell(1) })).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/notifications/read',
        body: { id: 'n2aaaaaaaaaaaaaaaaaaa' },
      }),
    );
  });

  it('marks all as read', async () => {
    install();
    await renderApp('/notifications', { signedInAs: 'teacher' });
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: de.notifications.markAllRead }));
    expect(await screen.findByRole('link', { name: de.notifications.bell(0) })).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: de.notifications.markRead })).toHaveLength(0);
  });

  it('puts the unread mark back and says so when the server refuses', async () => {
    install({ failRead: true });
    await renderApp('/notifications', { signedInAs: 'teacher' });
    const buttons = await screen.findAllByRole('button', { name: de.notifications.markRead });
    await userEvent.setup({ delay: null }).click(buttons[0]!);
    expect(await screen.findByText(de.errors.NOTIFICATION_NOT_FOUND)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: de.notifications.markRead })).toHaveLength(2),
    );
  });
});
