import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { UpdatePasswordForm } from '../../features/auth';
import { de } from '../../i18n/de';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/_center/update-password')({
  // An open page (PRODUCT.md §4): the session it needs is read here, not by the guard.
  loader: ({ context }) => context.auth.getState(),
  component: UpdatePasswordPage,
});

function UpdatePasswordPage() {
  usePageTitle(de.titles.updatePassword);
  return (
    <Stack gap="lg">
      <Title order={1}>{de.titles.updatePassword}</Title>
      <UpdatePasswordForm />
    </Stack>
  );
}
