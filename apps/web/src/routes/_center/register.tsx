import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { RegisterForm } from '../../features/auth';
import { de } from '../../i18n/de';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/_center/register')({
  loader: ({ context }) => {
    void context.auth.client().catch(() => undefined);
  },
  component: RegisterPage,
});

function RegisterPage() {
  usePageTitle(de.titles.register);
  return (
    <Stack gap="lg">
      <Title order={1}>{de.titles.register}</Title>
      <RegisterForm />
    </Stack>
  );
}
