import { Stack, Text, Title } from '@mantine/core';
import { de } from '../i18n/de';
import { usePageTitle } from '../lib/usePageTitle';

/** Placeholder page for features that come in a later step: the page title and a short notice. */
export function UnderConstruction({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{de.underConstruction}</Text>
    </Stack>
  );
}
