import { Center, Paper, Stack } from '@mantine/core';
import { de } from '../../i18n/de';
import { AnchorLink } from '../links';
import type { LayoutProps } from './types';

/** A single card in the middle of the screen (sign-in, registration and similar pages). */
export function CenterLayout({ children }: LayoutProps) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack w="100%" maw={460} gap="md">
        <AnchorLink to="/" fw={700} fz="lg" c="inherit" underline="never" ta="center">
          {de.app.name}
        </AnchorLink>
        <Paper withBorder shadow="sm" p="xl">
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
