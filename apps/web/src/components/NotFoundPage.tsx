import { Stack, Text, Title } from '@mantine/core';
// The small part of the catalog: these come with every page (de.shell.ts).
import { deShell as de } from '../i18n/de.shell';
import { usePageTitle } from '../lib/usePageTitle';
import { ButtonLink } from './links';

/** The 404 page for every unknown path (rendered inside the error layout by the root route). */
export function NotFoundPage() {
  usePageTitle(de.titles.notFound);
  return (
    <Stack align="center" gap="md">
      <Text fz={72} fw={800} lh={1} c="dimmed">
        {de.notFound.code}
      </Text>
      <Title order={1}>{de.notFound.heading}</Title>
      <Text>{de.notFound.text}</Text>
      <ButtonLink to="/">{de.app.homeLink}</ButtonLink>
    </Stack>
  );
}
