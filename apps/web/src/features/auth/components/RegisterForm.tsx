import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AnchorLink } from '../../../components/links';
import { PasswordFields } from '../../../components/PasswordFields';
import { de } from '../../../i18n/de';
import { passwordFormRules } from '../../../lib/passwordRules';
import { configQueryOptions } from '../../config/queries';
import { useAuth } from '../AuthProvider';
import { resendConfirmationMail } from '../emailConfirmation';
import { registerFailureMessages } from '../errors';
import { appUrl } from '../appUrl';
import { validateEmail } from '../formRules';
import { FormAlert } from './FormAlert';

/**
 * `/register`: e-mail, password and its confirmation; then "check your mail" (confirmation link). When the
 * server has closed self-registration (`signupDisabled` in `GET /api/config`) it explains that the school
 * creates accounts instead.
 */
export function RegisterForm() {
  const { data: config } = useQuery(configQueryOptions);
  if (config?.signupDisabled) {
    return (
      <Stack gap="sm" role="status">
        <Title order={2} size="h3">
          {de.auth.register.signupDisabledHeading}
        </Title>
        <Text>{de.auth.register.signupDisabled}</Text>
        <AnchorLink to="/login" size="sm" ta="center">
          {de.auth.register.hasAccount} {de.auth.register.loginLink}
        </AnchorLink>
      </Stack>
    );
  }
  return <OpenRegisterForm />;
}

function OpenRegisterForm() {
  const auth = useAuth();
  const router = useRouter();
  const [messages, setMessages] = useState<string[]>([]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', passwordConfirmation: '' },
    validate: { email: validateEmail, ...passwordFormRules },
  });

  const submit = form.onSubmit(async (values) => {
    setMessages([]);
    setSubmitting(true);
    try {
      const client = await auth.client();
      const email = values.email.trim();
      const { data, error } = await client.signUp({
        email,
        password: values.password,
        // has_password: the registration dialog then shows 'Passwort bereits gesetzt' (PRODUCT.md §2).
        options: { emailRedirectTo: appUrl('/email-confirmed'), data: { has_password: true } },
      });
      if (error) {
        setMessages(registerFailureMessages(error));
        return;
      }
      if (data.session) {
        // The auth server confirms without mail (e.g. auto-confirm): signed in right away.
        const { role } = auth.adopt(data.session);
        await router.navigate({ to: role ? '/classes' : '/waitlist', replace: true });
        return;
      }
      setSentTo(email);
    } catch (error) {
      setMessages(registerFailureMessages(error));
    } finally {
      setSubmitting(false);
    }
  });

  if (sentTo) return <CheckMail email={sentTo} />;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{de.auth.register.intro}</Text>
        <TextInput
          label={de.auth.email}
          placeholder={de.auth.emailPlaceholder}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordFields
          password={form.getInputProps('password')}
          confirmation={form.getInputProps('passwordConfirmation')}
          idPrefix="register-password"
        />
        <FormAlert messages={messages} />
        <Button type="submit" loading={submitting} fullWidth>
          {de.auth.register.submit}
        </Button>
        <AnchorLink to="/login" size="sm" ta="center">
          {de.auth.register.hasAccount} {de.auth.register.loginLink}
        </AnchorLink>
      </Stack>
    </form>
  );
}

/** Seconds before the confirmation mail can be asked for again (the auth server limits mails too). */
export const RESEND_COOLDOWN_SECONDS = 60;

/** "Check your mail", with "E-Mail erneut senden" once a minute (from the sign-up on). */
function CheckMail({ email }: { email: string }) {
  const auth = useAuth();
  const t = de.auth.register;
  const [wait, setWait] = useState(RESEND_COOLDOWN_SECONDS);
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'rateLimited' | 'failed'>('idle');
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const resend = async () => {
    setState('sending');
    const outcome = await resendConfirmationMail(auth, email);
    setState(outcome);
    if (outcome !== 'failed') setWait(RESEND_COOLDOWN_SECONDS);
  };
  return (
    <Stack gap="sm">
      <Stack gap="sm" role="status">
        <Title order={2} size="h3">
          {t.checkMailHeading}
        </Title>
        <Text>{t.checkMailText(email)}</Text>
        <Text size="sm" c="dimmed">
          {t.checkMailHint}
        </Text>
      </Stack>
      {state === 'sent' && <FormAlert color="teal" messages={[t.resent]} />}
      {state === 'rateLimited' && <FormAlert messages={[de.auth.rateLimited]} />}
      {state === 'failed' && <FormAlert messages={[de.auth.emailConfirmed.resendFailed]} />}
      <Group gap="sm">
        <Button
          variant="light"
          loading={state === 'sending'}
          disabled={wait > 0}
          onClick={() => void resend()}
        >
          {t.resend}
        </Button>
        {wait > 0 && (
          <Text size="sm" c="dimmed" data-testid="resend-wait">
            {t.resendIn(wait)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
