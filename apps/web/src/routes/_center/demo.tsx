import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { DemoStart } from '../../features/auth';
import { de } from '../../i18n/de';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/_center/demo')({
  loader: ({ context }) => {
    void context.auth.client().catch(() => undefined);
  },
  component: DemoPage,
});

function DemoPage() {
  usePageTitle(de.titles.demo);
  return (
    <Stack gap="lg">
      <Title order={1}>{de.titles.demo}</Title>
      <DemoStart />
    </Stack>
  );
}
