import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { confirmFromAddress, EmailConfirmed } from '../../features/auth';
import { de } from '../../i18n/de';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/_center/email-confirmed')({
  // The guard leaves this page's `code` alone (PRODUCT.md §4); it is exchanged here, never on a preload.
  loader: ({ context, location, preload }) =>
    preload ? null : confirmFromAddress(context.auth, { search: location.searchStr, hash: location.hash }),
  component: EmailConfirmedPage,
});

function EmailConfirmedPage() {
  usePageTitle(de.titles.emailConfirmed);
  const result = Route.useLoaderData();
  return (
    <Stack gap="lg">
      <Title order={1}>{de.titles.emailConfirmed}</Title>
      <EmailConfirmed result={result} />
    </Stack>
  );
}
