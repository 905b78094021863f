import type { AdminUser } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { createStubAuthClient, fakeSession, TEST_USER_ID } from '../../../test/authStub';
import { renderApp } from '../../../test/renderApp';
import { makeProfile } from '../../../test/teacherApi';

const admin: AdminUser = {
  id: TEST_USER_ID,
  email: 'admin@schule.de',
  email_confirmed_at: '2025-01-10T08:00:00.000Z',
  created_at: '2025-01-10T07:59:00.000Z',
  last_sign_in_at: '2025-02-01T09:00:00.000Z',
  roles: ['organization_member'],
};
const waiting: AdminUser = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'neu@schule.de',
  email_confirmed_at: '2025-02-03T10:00:00.000Z',
  created_at: '2025-02-03T09:58:00.000Z',
  last_sign_in_at: null,
  roles: [],
};

interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/** The API as the admin pages see it: a user list that role changes and deletions update. */
function stubAdminApi(answer: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  let users = [admin, waiting].map((user) => ({ ...user, roles: [...user.roles] }));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const headers = new Headers(init?.headers);
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    const custom = answer(call);
    if (custom) return custom;
    const body = call.body as { user_id?: string; role?: 'teacher' } | undefined;
    if (call.path === '/api/admin/getAll') return Response.json({ users });
    if (call.path === '/api/profile') return Response.json({ profile: makeProfile() });
    if (call.path === '/api/admin/addUserRole' && body?.role) {
      const role = body.role;
      users = users.map((u) => (u.id === body.user_id ? { ...u, roles: [...u.roles, role] } : u));
    }
    if (call.path === '/api/admin/deleteUser') users = users.filter((u) => u.id !== body?.user_id);
    return Response.json({ message: 'ok' });
  });
  return calls;
}

function row(email: string): HTMLElement {
  const cell = screen.getByText(email);
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${email}`);
  return tr;
}

async function renderAsAdmin() {
  const authClient = createStubAuthClient(fakeSession({ role: 'organization_member', email: admin.email }));
  return renderApp('/admin/users', { authClient });
}

describe('Administering users at /admin/users', () => {
  it('lists every account with its roles, sending the access token', async () => {
    const calls = stubAdminApi();
    await renderAsAdmin();

    expect(await screen.findByText('neu@schule.de')).toBeTruthy();
    expect(document.title).toBe('See all Users in the System');
    const adminRow = within(row('admin@schule.de'));
    expect(
      adminRow.getByLabelText<HTMLInputElement>('Organisationsmitglied für admin@schule.de').checked,
    ).toBe(true);
    expect(adminRow.getByText(de.admin.users.you)).toBeTruthy();
    const waitingRow = within(row('neu@schule.de'));
    expect(waitingRow.getByLabelText<HTMLInputElement>('Lehrkraft für neu@schule.de').checked).toBe(false);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/admin/getAll' });
    expect(calls[0]?.authorization).toMatch(/^Bearer ey/);
  });

  it('grants a role at once and tells the server', async () => {
    const calls = stubAdminApi();
    await renderAsAdmin();
    const user = userEvent.setup({ delay: null });

    const checkbox = await screen.findByLabelText<HTMLInputElement>('Lehrkraft für neu@schule.de');
    await user.click(checkbox);

    await waitFor(() => expect(checkbox.checked).toBe(true));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/api/admin/addUserRole',
          body: { user_id: waiting.id, role: 'teacher' },
        }),
      ),
    );
    expect(await screen.findByText('Rolle „Lehrkraft“ vergeben')).toBeTruthy();
  });

  it('takes the role back and shows the error when the server refuses', async () => {
    stubAdminApi((call) =>
      call.path === '/api/admin/addUserRole'
        ? Response.json(
            {
              error: { code: 'FORBIDDEN', message: 'Leider hast du noch nicht die passende Rolle' },
              requestId: 'r1',
            },
            { status: 403 },
          )
        : undefined,
    );
    await renderAsAdmin();

    const checkbox = await screen.findByLabelText<HTMLInputElement>('Lehrkraft für neu@schule.de');
    await userEvent.setup({ delay: null }).click(checkbox);

    expect(await screen.findByText('Leider hast du noch nicht die passende Rolle')).toBeTruthy();
    await waitFor(() => expect(checkbox.checked).toBe(false));
  });

  it('deletes an account only after confirming', async () => {
    const calls = stubAdminApi();
    await renderAsAdmin();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'neu@schule.de löschen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(de.admin.users.deleteText('neu@schule.de'))).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: de.admin.users.deleteConfirm }));

    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'DELETE',
          path: '/api/admin/deleteUser',
          body: { user_id: waiting.id },
        }),
      ),
    );
    expect(await screen.findByText('Konto neu@schule.de gelöscht')).toBeTruthy();
  });

  it('does not let the administrator delete themselves or drop their own admin role', async () => {
    stubAdminApi();
    await renderAsAdmin();

    expect(
      (await screen.findByRole('button', { name: 'admin@schule.de löschen' })).hasAttribute('disabled'),
    ).toBe(true);
    expect(
      screen.getByLabelText<HTMLInputElement>('Organisationsmitglied für admin@schule.de').disabled,
    ).toBe(true);
  });

  it('sends a password-reset mail', async () => {
    const calls = stubAdminApi();
    await renderAsAdmin();

    await userEvent.setup({ delay: null }).click(
      within(await waitFor(() => row('neu@schule.de'))).getByRole('button', {
        name: 'Passwort-Link senden',
      }),
    );

    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/api/admin/resetPasswordEmail',
          body: { email: 'neu@schule.de' },
        }),
      ),
    );
    expect(await screen.findByText(de.admin.users.resetSent('neu@schule.de'))).toBeTruthy();
  });
});

describe('The rights page /admin/rights', () => {
  it('shows the roles and what each may do', async () => {
    stubAdminApi((call) => {
      if (call.path === '/api/admin/getAllRoles') {
        return Response.json({
          roles: [
            { role: 'teacher', description: 'Unterrichtet Klassen' },
            { role: 'organization_member', description: 'Verwaltet die Schule' },
          ],
        });
      }
      if (call.path === '/api/admin/getAllPermissions') {
        return Response.json({
          permissions: [{ role: 'teacher', permissions: ['Klassen anlegen', 'Abgaben bewerten'] }],
        });
      }
      return undefined;
    });
    const authClient = createStubAuthClient(fakeSession({ role: 'organization_member' }));
    await renderApp('/admin/rights', { authClient });

    expect(await screen.findByText('Verwaltet die Schule')).toBeTruthy();
    expect(screen.getByText('Abgaben bewerten')).toBeTruthy();
  });
});
