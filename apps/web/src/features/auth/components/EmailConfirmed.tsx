import { Loader, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import type { ConfirmationResult } from '../emailConfirmation';
import { FormAlert } from './FormAlert';

/** How long the confirmation stays on screen before the app moves on by itself. */
const EMAIL_CONFIRMED_FORWARD_MS = 1500;

/** `/email-confirmed`: confirmed; then on by role (classes with a role, otherwise the waitlist). */
export function EmailConfirmed({ result }: { result: ConfirmationResult | null }) {
  const router = useRouter();
  const target = result?.status === 'signedIn' ? (result.role ? '/classes' : '/waitlist') : null;

  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => {
      void router.navigate({ to: target, replace: true });
    }, EMAIL_CONFIRMED_FORWARD_MS);
    return () => clearTimeout(timer);
  }, [router, target]);

  if (!result) {
    return (
      <Stack align="center" gap="sm">
        <Loader size="sm" />
        <Text>{de.auth.emailConfirmed.working}</Text>
      </Stack>
    );
  }

  if (result.status === 'failed') {
    return (
      <Stack gap="md">
        <FormAlert messages={[de.auth.emailConfirmed.failed]} />
        <ButtonLink to="/login">{de.auth.emailConfirmed.loginButton}</ButtonLink>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <FormAlert color="teal" messages={[de.auth.emailConfirmed.text]} />
      {target ? (
        <ButtonLink to={target} replace>
          {de.auth.emailConfirmed.continue}
        </ButtonLink>
      ) : (
        <>
          <Text>{de.auth.emailConfirmed.signInHint}</Text>
          <ButtonLink to="/login">{de.auth.emailConfirmed.loginButton}</ButtonLink>
        </>
      )}
    </Stack>
  );
}
