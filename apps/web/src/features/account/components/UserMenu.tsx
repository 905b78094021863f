import { avatarUrlOf } from '@app/contract';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { de } from '../../../i18n/de';
import { useSession } from '../../auth';
import { profileQueryOptions } from '../../registration/queries';

/** The signed-in user's menu in the header of every signed-in layout: who, account, admin, sign out. */
export function UserMenu() {
  const router = useRouter();
  const { session, role } = useSession();
  const email = session?.user?.email ?? null;
  // The registration dialog reads the same query: one request for both.
  const profile = useQuery({ ...profileQueryOptions, enabled: session !== null });

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={de.auth.userMenu.label}>
          {/* Decorative: the button is named by its label. */}
          <Avatar src={avatarUrlOf(profile.data?.meta_data, email)} alt="" radius="xl" size={32} />
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
