import { Center, Stack } from '@mantine/core';
import type { LayoutProps } from './types';

/** Plain, centred and calm: error pages and the 404 page. */
export function ErrorLayout({ children }: LayoutProps) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack w="100%" maw={560} ta="center" align="center">
        {children}
      </Stack>
    </Center>
  );
}
