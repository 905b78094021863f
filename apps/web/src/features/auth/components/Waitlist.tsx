import { Button, Group, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { useAuth, useSession } from '../AuthProvider';
import { FormAlert } from './FormAlert';

/**
 * `/waitlist`: signed in, but no permitted role yet. "Erneut prüfen" fetches a fresh access token (the
 * role claim is set when the token is issued) and moves on once a role arrived.
 */
export function Waitlist() {
  const auth = useAuth();
  const router = useRouter();
  const { session } = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const recheck = async () => {
    setNotice(null);
    setChecking(true);
    try {
      const state = await auth.refresh();
      if (state.role) {
        await router.navigate({ to: '/classes', replace: true });
        return;
      }
      setNotice(state.session ? de.auth.waitlist.stillWaiting : de.auth.waitlist.checkFailed);
    } catch {
      setNotice(de.auth.waitlist.checkFailed);
    } finally {
      setChecking(false);
    }
  };

  if (!session) {
    return (
      <Stack gap="md">
        <Text>{de.auth.waitlist.signedOut}</Text>
        <ButtonLink to="/login">{de.auth.waitlist.login}</ButtonLink>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>{de.auth.waitlist.text}</Text>
      {session.user?.email && (
        <Text size="sm" c="dimmed">
          {de.auth.waitlist.signedInAs(session.user.email)}
        </Text>
      )}
      {notice && <FormAlert color="yellow" messages={[notice]} />}
      <Group grow>
        <Button onClick={() => void recheck()} loading={checking}>
          {de.auth.waitlist.recheck}
        </Button>
        <Button variant="default" onClick={() => void router.navigate({ to: '/logout' })}>
          {de.auth.waitlist.signOut}
        </Button>
      </Group>
    </Stack>
  );
}
