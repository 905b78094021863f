import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { ButtonLink } from '../../../components/links';
import { PasswordFields } from '../../../components/PasswordFields';
import { de } from '../../../i18n/de';
import { passwordFormRules } from '../../../lib/passwordRules';
import { toast } from '../../../lib/toast';
import { useAuth, useSession } from '../AuthProvider';
import { passwordUpdateOutcome } from '../errors';
import { FormAlert } from './FormAlert';

/**
 * `/update-password`: a new password for the signed-in user, usually the session of the recovery link; then
 * on to the app.
 */
export function UpdatePasswordForm() {
  const auth = useAuth();
  const { session } = useSession();
  const router = useRouter();

  if (!session) {
    return (
      <Stack gap="md">
        <FormAlert color="yellow" messages={[de.auth.updatePassword.noSession]} />
        <ButtonLink to="/reset-password">{de.auth.updatePassword.requestNew}</ButtonLink>
      </Stack>
    );
  }

  return (
    <ChangePasswordForm
      intro={de.auth.updatePassword.intro}
      onSaved={async () => {
        const { role } = auth.peek() ?? { role: null };
        await router.navigate({ to: role ? '/classes' : '/waitlist', replace: true });
      }}
    />
  );
}

interface ChangePasswordFormProps {
  /** Shown above the fields. */
  intro?: string;
  /** After the password was saved (and the success toast shown). */
  onSaved?: () => void | Promise<void>;
  /** Prefix of the element ids, unique on the page. */
  idPrefix?: string;
  /** A full-width button (a page of its own) or one sized to its label (a section among others). */
  fullWidth?: boolean;
}

/**
 * The one way the web changes the signed-in user's password (`/update-password` and `/account`): the auth
 * server's `updateUser`. PRODUCT.md §8: weak_password stays with its messages; same_password counts as done.
 */
export function ChangePasswordForm({
  intro,
  onSaved,
  idPrefix = 'update-password',
  fullWidth = true,
}: ChangePasswordFormProps) {
  const auth = useAuth();
  const [messages, setMessages] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', passwordConfirmation: '' },
    validate: passwordFormRules,
  });

  const submit = form.onSubmit(async ({ password }) => {
    setMessages([]);
    setSubmitting(true);
    let outcome;
    try {
      const client = await auth.client();
      const { error } = await client.updateUser({ password, data: { has_password: true } });
      outcome = passwordUpdateOutcome(error);
    } catch (error) {
      outcome = passwordUpdateOutcome(error ?? new Error('update failed'));
    } finally {
      setSubmitting(false);
    }
    if (!outcome.advance) {
      setMessages(outcome.messages);
      return;
    }
    toast.success(de.auth.updatePassword.saved);
    form.reset();
    await onSaved?.();
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {intro && <Text c="dimmed">{intro}</Text>}
        <PasswordFields
          password={form.getInputProps('password')}
          confirmation={form.getInputProps('passwordConfirmation')}
          idPrefix={idPrefix}
          label={de.auth.newPassword}
        />
        <FormAlert messages={messages} />
        <Button
          type="submit"
          loading={submitting}
          fullWidth={fullWidth}
          style={fullWidth ? undefined : { alignSelf: 'flex-start' }}
        >
          {de.auth.updatePassword.submit}
        </Button>
      </Stack>
    </form>
  );
}
