import { Group, Loader, Text } from '@mantine/core';
// The small part of the catalog: this comes with every page (de.shell.ts).
import { deShell as de } from '../i18n/de.shell';

/**
 * What a page shows while its data or code is on its way: a loader at once (the router's pending component),
 * never a white page. Small on purpose: it is part of the entry chunk every page loads.
 */
export function PagePending() {
  return (
    <Group justify="center" gap="sm" py="xl" role="status">
      <Loader size="sm" />
      <Text c="dimmed">{de.pending.text}</Text>
    </Group>
  );
}
