import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { de } from '../../../i18n/de';
import { useSession } from '../AuthProvider';

function initials(email: string | null | undefined): string {
  return (email ?? '?').slice(0, 1).toUpperCase();
}

/** The signed-in user's menu in the header of every signed-in layout: who, account, admin, sign out. */
export function UserMenu() {
  const router = useRouter();
  const { session, role } = useSession();
  const email = session?.user?.email ?? null;

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={de.auth.userMenu.label}>
          <Avatar color="green" radius="xl" size={32}>
            {initials(email)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {email && (
          <Menu.Label>
            {de.auth.userMenu.signedInAs} {email}
          </Menu.Label>
        )}
        <Menu.Item onClick={() => void router.navigate({ to: '/account' })}>
          {de.auth.userMenu.account}
        </Menu.Item>
        {role === 'organization_member' && (
          <Menu.Item onClick={() => void router.navigate({ to: '/admin' })}>
            {de.auth.userMenu.admin}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void router.navigate({ to: '/logout' })}>
          {de.auth.userMenu.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
