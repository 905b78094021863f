import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { AdminOverview } from '../../../features/admin';
import { adminUsersQueryOptions } from '../../../features/admin/queries';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';

export const Route = createFileRoute('/_admin/admin/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(adminUsersQueryOptions),
  component: AdminPage,
});

function AdminPage() {
  usePageTitle(de.titles.admin);
  return (
    <Stack gap="lg">
      <Title order={1}>{de.titles.admin}</Title>
      <AdminOverview />
    </Stack>
  );
}
