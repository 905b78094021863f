import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { AnchorLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { useAuth } from '../AuthProvider';
import { isNetworkFailure, isRateLimited } from '../errors';
import { appUrl } from '../appUrl';
import { validateEmail } from '../formRules';
import { FormAlert } from './FormAlert';

/**
 * `/reset-password`: asks for the recovery mail. Whether an account exists is never revealed: known and
 * unknown addresses get the same text. Only "too many attempts" and "no connection" are told apart.
 */
export function ResetPasswordForm() {
  const auth = useAuth();
  const [state, setState] = useState<'idle' | 'sent' | 'rateLimited' | 'network'>('idle');
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: validateEmail },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setSubmitting(true);
    try {
      const client = await auth.client();
      const { error } = await client.resetPasswordForEmail(email.trim(), {
        redirectTo: appUrl('/update-password'),
      });
      setState(isRateLimited(error) ? 'rateLimited' : isNetworkFailure(error) ? 'network' : 'sent');
    } catch (error) {
      setState(isNetworkFailure(error) ? 'network' : 'sent');
    } finally {
      setSubmitting(false);
    }
  });

  if (state === 'sent') {
    return (
      <Stack gap="md">
        <FormAlert color="teal" messages={[de.auth.resetPassword.sent]} />
        <AnchorLink to="/login" size="sm" ta="center">
          {de.auth.resetPassword.backToLogin}
        </AnchorLink>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{de.auth.resetPassword.intro}</Text>
        <TextInput
          label={de.auth.email}
          placeholder={de.auth.emailPlaceholder}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        {state === 'rateLimited' && <FormAlert messages={[de.auth.rateLimited]} />}
        {state === 'network' && <FormAlert messages={[de.api.network]} />}
        <Button type="submit" loading={submitting} fullWidth>
          {de.auth.resetPassword.submit}
        </Button>
        <AnchorLink to="/login" size="sm" ta="center">
          {de.auth.resetPassword.backToLogin}
        </AnchorLink>
      </Stack>
    </form>
  );
}
