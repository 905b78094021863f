import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Waitlist } from '../../features/auth';
import { de } from '../../i18n/de';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/_center/waitlist')({
  loader: ({ context }) => context.auth.getState(),
  component: WaitlistPage,
});

function WaitlistPage() {
  usePageTitle(de.titles.waitlist);
  return (
    <Stack gap="lg">
      <Title order={1}>{de.auth.waitlist.heading}</Title>
      <Waitlist />
    </Stack>
  );
}
