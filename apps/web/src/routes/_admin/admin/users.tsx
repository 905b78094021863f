import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { AdminUsersTable } from '../../../features/admin';
import { adminUsersQueryOptions } from '../../../features/admin/queries';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';

export const Route = createFileRoute('/_admin/admin/users')({
  loader: ({ context }) => context.queryClient.ensureQueryData(adminUsersQueryOptions),
  component: AdminUsersPage,
});

function AdminUsersPage() {
  usePageTitle(de.titles.adminUsers);
  return (
    <Stack gap="lg">
      <Title order={1}>{de.titles.adminUsers}</Title>
      <Text c="dimmed">{de.admin.users.intro}</Text>
      <AdminUsersTable />
    </Stack>
  );
}
