import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { useAuth } from '../AuthProvider';
import { loginFailure, type LoginFailure } from '../errors';
import { validateEmail } from '../formRules';
import { resendConfirmationMail } from '../emailConfirmation';
import { safeRedirectTarget } from '../guard';
import { FormAlert } from './FormAlert';

type ResendState = 'idle' | 'sending' | 'sent' | 'rateLimited' | 'failed';

/** `/login`: e-mail and password; then to the page that sent the user here, or to the waitlist without a role. */
export function LoginForm({ redirectTo }: { redirectTo?: string | undefined }) {
  const auth = useAuth();
  const router = useRouter();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [resend, setResend] = useState<ResendState>('idle');
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: validateEmail,
      password: (value) => (value ? null : de.auth.passwordRequired),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setResend('idle');
    setSubmitting(true);
    try {
      const client = await auth.client();
      const { data, error } = await client.signInWithPassword({
        email: values.email.trim(),
        password: values.password,
      });
      if (error) {
        setFailure(loginFailure(error));
        return;
      }
      const { role } = auth.adopt(data.session);
      await router.navigate({ href: role ? safeRedirectTarget(redirectTo) : '/waitlist', replace: true });
    } catch (error) {
      setFailure(loginFailure(error));
    } finally {
      setSubmitting(false);
    }
  });

  const resendConfirmation = async () => {
    setResend('sending');
    setResend(await resendConfirmationMail(auth, form.getValues().email));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label={de.auth.email}
          placeholder={de.auth.emailPlaceholder}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={de.auth.password}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': de.auth.showPassword }}
          {...form.getInputProps('password')}
        />
        {failure?.kind === 'message' && <FormAlert messages={[failure.text]} />}
        {failure?.kind === 'emailNotConfirmed' && (
          <FormAlert color="yellow" messages={[de.auth.login.emailNotConfirmed]}>
            {resend === 'sent' && <FormAlert color="teal" messages={[de.auth.login.resent]} />}
            {resend === 'rateLimited' && <FormAlert messages={[de.auth.rateLimited]} />}
            {resend === 'failed' && <FormAlert messages={[de.auth.login.failed]} />}
            {resend !== 'sent' && (
              <Button
                variant="light"
                color="yellow"
                size="xs"
                loading={resend === 'sending'}
                onClick={() => void resendConfirmation()}
              >
                {de.auth.login.resend}
              </Button>
            )}
          </FormAlert>
        )}
        <Button type="submit" loading={submitting} fullWidth>
          {de.auth.login.submit}
        </Button>
        <Stack gap={4} align="center">
          <AnchorLink to="/reset-password" size="sm">
            {de.auth.login.forgotPassword}
          </AnchorLink>
          <AnchorLink to="/register" size="sm">
            {de.auth.login.noAccount} {de.auth.login.registerLink}
          </AnchorLink>
        </Stack>
      </Stack>
    </form>
  );
}
