import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { de } from '../../../i18n/de';
import { toast, toastApiError } from '../../../lib/toast';
import { useAuth } from '../../auth';
import { deleteOwnAccount } from '../queries';

const sameEmail = (typed: string, email: string) =>
  typed.trim().toLocaleLowerCase('de') === email.trim().toLocaleLowerCase('de');

/**
 * Deleting the account: a dialog in which the user types their e-mail address, then `DELETE /api/account`.
 * The server has ended every session by then; this browser forgets its session and cached data and goes to
 * the sign-in page with a message.
 */
export function DeleteAccount({ email }: { email: string }) {
  const t = de.account.delete;
  const auth = useAuth();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const close = () => {
    if (deleting) return;
    setOpened(false);
    setTyped('');
    setError(null);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!sameEmail(typed, email)) {
      setError(t.mismatch);
      return;
    }
    setDeleting(true);
    try {
      await deleteOwnAccount();
    } catch (failure) {
      setDeleting(false);
      toastApiError(failure, t.failed);
      return;
    }
    // The session is already void on the server; signing out only clears it here (401s are ignored).
    await auth.signOut().catch(() => undefined);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
    toast.success(t.deleted);
    await router.navigate({ to: '/login', replace: true });
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{t.text}</Text>
      <Button color="red" variant="outline" onClick={() => setOpened(true)}>
        {t.button}
      </Button>
      <Modal opened={opened} onClose={close} title={t.dialogTitle} centered>
        <form onSubmit={(event) => void confirm(event)} noValidate>
          <Stack gap="md">
            <Text size="sm">{t.dialogText(email)}</Text>
            <TextInput
              label={t.emailLabel}
              type="email"
              autoComplete="off"
              data-autofocus
              required
              value={typed}
              error={error}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setError(null);
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={deleting}>
                {de.common.cancel}
              </Button>
              <Button type="submit" color="red" loading={deleting}>
                {t.confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
