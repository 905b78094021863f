import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { apiErrorResponse, createTeacherApi } from '../../../test/teacherApi';
import { GrantCoinsButton } from './GrantCoinsButton';

const USER = '22222222-2222-4222-8222-222222222222';

function setup() {
  let balance = 12;
  const api = createTeacherApi();
  api.intercept((call) => {
    if (call.path !== '/api/admin/coins') return undefined;
    if (call.method === 'GET') return Response.json({ user_id: USER, coinCount: balance });
    const { amount } = call.body as { amount: number };
    if (amount > 1000) return apiErrorResponse('FORBIDDEN');
    balance += amount;
    return Response.json({ user_id: USER, coinCount: balance });
  });
  api.install();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <GrantCoinsButton userId={USER} email="neu@schule.de" />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return api;
}

describe('Granting coins on /admin/users', () => {
  it('shows the balance and grants the entered amount', async () => {
    const api = setup();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: de.notifications.grant.openLabel('neu@schule.de') }));
    expect(await screen.findByText(de.notifications.grant.current(12))).toBeTruthy();

    // The popover fades in: wait until its content is visible.
    const input = await screen.findByRole('textbox', { name: de.notifications.grant.amount });
    await user.clear(input);
    await user.type(input, '30');
    await user.click(await screen.findByRole('button', { name: de.notifications.grant.submit }));

    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/api/admin/coins',
          body: { user_id: USER, amount: 30 },
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: de.notifications.grant.openLabel('neu@schule.de') }));
    expect(await screen.findByText(de.notifications.grant.current(42))).toBeTruthy();
  });

  it('asks for a whole positive number before sending anything', async () => {
    const api = setup();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: de.notifications.grant.openLabel('neu@schule.de') }));
    await user.clear(await screen.findByRole('textbox', { name: de.notifications.grant.amount }));
    await user.click(await screen.findByRole('button', { name: de.notifications.grant.submit }));
    expect(await screen.findByText(de.notifications.grant.amountInvalid)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
