import { AppShell } from '@mantine/core';
import { AppHeader } from './AppHeader';
import type { HeaderLayoutProps } from './types';

/** Header above a full-width working area for editors. */
export function EditorLayout({ children, headerActions }: HeaderLayoutProps) {
  return (
    <AppShell header={{ height: 56 }} padding="xs">
      <AppShell.Header>
        <AppHeader actions={headerActions} />
      </AppShell.Header>
      <AppShell.Main id="main">{children}</AppShell.Main>
    </AppShell>
  );
}
