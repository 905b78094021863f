import { AppShell, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { de } from '../../i18n/de';
import { NavLinkItem } from '../navLinks';
import { AppHeader } from './AppHeader';
import type { HeaderLayoutProps } from './types';

/** Header plus the administration navigation (users, roles and rights). */
export function AdminLayout({ children, headerActions }: HeaderLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader navbar={{ opened, toggle }} actions={headerActions} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={de.nav.admin}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb="xs">
          {de.nav.admin}
        </Text>
        <Stack gap={4}>
          <NavLinkItem
            to="/admin"
            activeOptions={{ exact: true }}
            label={de.nav.adminOverview}
            onClick={close}
          />
          <NavLinkItem to="/admin/users" label={de.nav.adminUsers} onClick={close} />
          <NavLinkItem to="/admin/rights" label={de.nav.adminRights} onClick={close} />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="main">{children}</AppShell.Main>
    </AppShell>
  );
}
