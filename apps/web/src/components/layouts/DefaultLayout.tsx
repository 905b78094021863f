import { AppShell, Container } from '@mantine/core';
import { AppHeader } from './AppHeader';
import type { HeaderLayoutProps } from './types';

/** Header with the main sections above a centred content column. */
export function DefaultLayout({ children, headerActions }: HeaderLayoutProps) {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <AppHeader actions={headerActions} />
      </AppShell.Header>
      <AppShell.Main id="main">
        <Container size="lg" px={0}>
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
