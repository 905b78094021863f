import type { UserRole } from '@app/contract';
import { Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { useAuth } from '../AuthProvider';
import { resendConfirmationMail, type ConfirmationResult } from '../emailConfirmation';
import { validateEmail } from '../formRules';
import { START_PATH } from '../guard';
import { FormAlert } from './FormAlert';

/** How long the confirmation stays on screen before the app moves on by itself. */
const EMAIL_CONFIRMED_FORWARD_MS = 1500;

/** Where the guards send a signed-in user: the start page with a role, otherwise the waitlist. */
const startOf = (role: UserRole | null) => (role ? START_PATH : '/waitlist');

/**
 * `/email-confirmed`: "confirmed" only after a real confirmation, then on by role (classes with a role,
 * otherwise the waitlist). Without a usable link: what happened, and the way forward — sign in (or go on,
 * when signed in already) or ask for a new confirmation mail.
 */
export function EmailConfirmed({ result }: { result: ConfirmationResult | null }) {
  const router = useRouter();
  const target = result?.status === 'confirmed' ? startOf(result.role) : null;

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

  if (result.status === 'confirmed') {
    return (
      <Stack gap="md">
        <FormAlert color="teal" messages={[de.auth.emailConfirmed.text]} />
        <ButtonLink to={startOf(result.role)} replace>
          {de.auth.emailConfirmed.continue}
        </ButtonLink>
      </Stack>
    );
  }

  const { signedIn } = result;
  const explanation =
    result.status === 'failed'
      ? de.auth.emailConfirmed.failed
      : result.status === 'notConfirmed'
        ? de.auth.emailConfirmed.notConfirmed
        : signedIn
          ? de.auth.emailConfirmed.noLinkSignedIn
          : de.auth.emailConfirmed.noLink;
  return (
    <Stack gap="md">
      <FormAlert color={result.status === 'noLink' ? 'blue' : 'yellow'} messages={[explanation]} />
      {signedIn ? (
        <ButtonLink to={startOf(signedIn.role)} replace>
          {de.auth.emailConfirmed.continue}
        </ButtonLink>
      ) : (
        <>
          <ButtonLink to="/login">{de.auth.emailConfirmed.loginButton}</ButtonLink>
          <ResendConfirmation />
        </>
      )}
    </Stack>
  );
}

type ResendState = 'idle' | 'sending' | 'sent' | 'rateLimited' | 'failed';

/** Asks the auth server for a new confirmation mail (it says nothing about whether the address is known). */
function ResendConfirmation() {
  const auth = useAuth();
  const [state, setState] = useState<ResendState>('idle');
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: validateEmail },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setState('sending');
    setState(await resendConfirmationMail(auth, email));
  });

  if (state === 'sent') return <FormAlert color="teal" messages={[de.auth.emailConfirmed.resent]} />;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{de.auth.emailConfirmed.resendIntro}</Text>
        <TextInput
          label={de.auth.email}
          placeholder={de.auth.emailPlaceholder}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        {state === 'rateLimited' && <FormAlert messages={[de.auth.rateLimited]} />}
        {state === 'failed' && <FormAlert messages={[de.auth.emailConfirmed.resendFailed]} />}
        <Button type="submit" variant="light" loading={state === 'sending'}>
          {de.auth.emailConfirmed.resend}
        </Button>
      </Stack>
    </form>
  );
}
