import { AppShell, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { de } from '../../i18n/de';
import { NavLinkItem } from '../navLinks';
import { AppHeader } from './AppHeader';
import type { HeaderLayoutProps } from './types';

/** Header plus a side navigation through the teaching content (classes, subjects). */
export function ContentLayout({ children, headerActions }: HeaderLayoutProps) {
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
      <AppShell.Navbar p="sm" aria-label={de.nav.content}>
        <Stack gap={4}>
          <NavLinkItem to="/classes" label={de.nav.classes} onClick={close} />
          <NavLinkItem to="/subjects" label={de.nav.subjects} onClick={close} />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="main">{children}</AppShell.Main>
    </AppShell>
  );
}
