import { AppShell } from '@mantine/core';
import { AppHeader } from './AppHeader';
import type { LayoutProps } from './types';

/** Header above a full-width working area for editors. */
export function EditorLayout({ children }: LayoutProps) {
  return (
    <AppShell header={{ height: 56 }} padding="xs">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main id="main">{children}</AppShell.Main>
    </AppShell>
  );
}
