import { Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth } from '../../features/auth';
import { de } from '../../i18n/de';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/_center/logout')({
  // Hovering a link must never sign anybody out.
  preload: false,
  component: LogoutPage,
});

/** `/logout`: signs this browser out (scope local), forgets every cached query, then /login. */
function LogoutPage() {
  usePageTitle(de.titles.logout);
  const auth = useAuth();
  const router = useRouter();
  const queryClient = useQueryClient();

  useEffect(() => {
    let cancelled = false;
    const finish = () => {
      if (cancelled) return;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
      void router.navigate({ to: '/login', replace: true });
    };
    auth.signOut().then(finish, finish);
    return () => {
      cancelled = true;
    };
  }, [auth, router, queryClient]);

  return (
    <Stack align="center" gap="sm" role="status">
      <Loader size="sm" />
      <Text>{de.auth.logout.working}</Text>
    </Stack>
  );
}
