import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { confirmFromAddress, EmailConfirmed, emailConfirmedTitle } from '../../features/auth';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/_center/email-confirmed')({
  // The guard leaves this page's `code` alone (PRODUCT.md §4); it is exchanged here, never on a preload.
  loader: ({ context, location, preload }) =>
    preload ? null : confirmFromAddress(context.auth, { search: location.searchStr, hash: location.hash }),
  component: EmailConfirmedPage,
});

function EmailConfirmedPage() {
  const result = Route.useLoaderData();
  const title = emailConfirmedTitle(result);
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <EmailConfirmed result={result} />
    </Stack>
  );
}
