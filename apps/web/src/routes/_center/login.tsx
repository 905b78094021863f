import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../../features/auth';
import { de } from '../../i18n/de';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/_center/login')({
  // `redirect`: where to go after signing in (set by the route guard).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
  }),
  // Fetch the auth client while the form is shown, not on submit.
  loader: ({ context }) => {
    void context.auth.client().catch(() => undefined);
  },
  component: LoginPage,
});

function LoginPage() {
  usePageTitle(de.titles.login);
  const { redirect } = Route.useSearch();
  return (
    <Stack gap="lg">
      <Title order={1}>{de.titles.login}</Title>
      <LoginForm redirectTo={redirect} />
    </Stack>
  );
}
