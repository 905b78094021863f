import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { AdminRights } from '../../../features/admin';
import { adminPermissionsQueryOptions, adminRolesQueryOptions } from '../../../features/admin/queries';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';

export const Route = createFileRoute('/_admin/admin/rights')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(adminRolesQueryOptions),
      context.queryClient.ensureQueryData(adminPermissionsQueryOptions),
    ]),
  component: AdminRightsPage,
});

function AdminRightsPage() {
  usePageTitle(de.titles.adminRights);
  return (
    <Stack gap="lg">
      <Title order={1}>{de.titles.adminRights}</Title>
      <AdminRights />
    </Stack>
  );
}
