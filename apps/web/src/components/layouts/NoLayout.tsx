import { Box } from '@mantine/core';
import type { LayoutProps } from './types';

/** No chrome at all: full-screen views such as the QR code or the scan verification. */
export function NoLayout({ children }: LayoutProps) {
  return (
    <Box component="main" p="md">
      {children}
    </Box>
  );
}
