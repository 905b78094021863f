import { AppShell, Container } from '@mantine/core';
import { AppHeader } from './AppHeader';
import type { LayoutProps } from './types';

/** Header with the main sections above a centred content column. */
export function DefaultLayout({ children }: LayoutProps) {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main id="main">
        <Container size="lg" px={0}>
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
