import { MAX_COIN_GRANT } from '@app/contract';
import { Button, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { de } from '../../../i18n/de';
import { adminCoinsQueryOptions, useGrantCoins } from '../queries';

/** For organization members on /admin/users: shows a user's coin balance and grants more (ADR 009). */
export function GrantCoinsButton({ userId, email }: { userId: string; email: string }) {
  const [opened, setOpened] = useState(false);
  const [amount, setAmount] = useState<number | string>(50);
  const [error, setError] = useState<string | null>(null);
  const balance = useQuery({ ...adminCoinsQueryOptions(userId), enabled: opened });
  const grant = useGrantCoins();
  const formId = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = typeof amount === 'number' ? amount : Number(amount);
    if (!Number.isInteger(value) || value < 1 || value > MAX_COIN_GRANT) {
      setError(de.notifications.grant.amountInvalid);
      return;
    }
    setError(null);
    grant.mutate({ user_id: userId, amount: value, email }, { onSuccess: () => setOpened(false) });
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      withArrow
      position="bottom-end"
      // Opens at once: a fade adds nothing to a small form.
      transitionProps={{ duration: 0 }}
      // Stays open while the table scrolls sideways (and where layout is not measured, e.g. jsdom).
      hideDetached={false}
    >
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          aria-label={de.notifications.grant.openLabel(email)}
          onClick={() => setOpened((o) => !o)}
        >
          {de.notifications.grant.open}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form id={formId} onSubmit={submit} noValidate aria-label={de.notifications.grant.openLabel(email)}>
          <Stack gap="xs" w={220}>
            <Text size="sm" c="dimmed" aria-live="polite">
              {balance.data ? de.notifications.grant.current(balance.data.coinCount) : '…'}
            </Text>
            <NumberInput
              label={de.notifications.grant.amount}
              value={amount}
              onChange={setAmount}
              min={1}
              max={MAX_COIN_GRANT}
              allowDecimal={false}
              allowNegative={false}
              error={error}
              data-autofocus
            />
            <Button type="submit" size="xs" loading={grant.isPending}>
              {de.notifications.grant.submit}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
