import { Box, Container, Text } from '@mantine/core';
// The small part of the catalog: these come with every page (de.shell.ts).
import { deShell as de } from '../../i18n/de.shell';
import type { LayoutProps } from './types';

/** For students on their phones: a slim bar and one narrow column, no teacher navigation. */
export function StudentLayout({ children }: LayoutProps) {
  return (
    <>
      <Box
        component="header"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text fw={700}>{de.app.name}</Text>
      </Box>
      <Container component="main" size={560} px="md" py="lg">
        {children}
      </Container>
    </>
  );
}
