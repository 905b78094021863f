import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../../features/auth';
import { de } from '../../i18n/de';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/_center/reset-password')({
  loader: ({ context }) => {
    void context.auth.client().catch(() => undefined);
  },
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  usePageTitle(de.titles.resetPassword);
  return (
    <Stack gap="lg">
      <Title order={1}>{de.titles.resetPassword}</Title>
      <ResetPasswordForm />
    </Stack>
  );
}
