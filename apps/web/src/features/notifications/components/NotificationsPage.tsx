import type { Notification } from '@app/contract';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/usePageTitle';
import { notificationsQueryOptions, useMarkNotificationsRead } from '../queries';

/** `/notifications` ('Die letzten Benachrichtigungen'): newest first, unread marked, the coin balance on top. */
export function NotificationsPage() {
  usePageTitle(de.titles.notifications);
  const { data } = useSuspenseQuery(notificationsQueryOptions);
  const markRead = useMarkNotificationsRead();
  return (
    <Stack gap="lg" maw={820}>
      <Stack gap={4}>
        <Title order={1}>{de.titles.notifications}</Title>
        <Text c="dimmed">{de.notifications.intro}</Text>
      </Stack>
      <Paper withBorder p="md" component="section" aria-label={de.notifications.balance(data.coinCount)}>
        <Stack gap={4}>
          <Text fw={600}>{de.notifications.balance(data.coinCount)}</Text>
          <Text size="sm" c="dimmed">
            {de.notifications.balanceHint}
          </Text>
        </Stack>
      </Paper>
      {data.notifications.length === 0 ? (
        <Text>{de.notifications.empty}</Text>
      ) : (
        <Stack gap="sm">
          {data.unreadCount > 0 && (
            <Group justify="flex-end">
              <Button variant="light" size="xs" onClick={() => markRead.mutate(undefined)}>
                {de.notifications.markAllRead}
              </Button>
            </Group>
          )}
          <Stack
            component="ul"
            gap="sm"
            aria-label={de.notifications.listLabel}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {data.notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} onRead={() => markRead.mutate(n.id)} />
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

function NotificationItem({ notification: n, onRead }: { notification: Notification; onRead: () => void }) {
  const unread = n.read_at === null;
  // Only links inside the app are followed (a notification must not send anyone elsewhere).
  const link = n.link_to?.startsWith('/') && !n.link_to.startsWith('//') ? n.link_to : null;
  return (
    <Paper component="li" withBorder p="md" bg={unread ? 'var(--mantine-color-blue-light)' : undefined}>
      <Stack gap={6}>
        {/* On a phone the date goes below the title rather than squeezing it into a narrow column. */}
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Group gap="xs" style={{ flex: '1 1 14rem', minWidth: 0 }}>
            {unread && (
              <Badge size="sm" color="blue">
                {de.notifications.unread}
              </Badge>
            )}
            <Text fw={600} component="h2" fz="md" m={0} miw={0} style={{ overflowWrap: 'anywhere' }}>
              {n.title}
            </Text>
          </Group>
          <Text
            size="sm"
            c="dimmed"
            component="time"
            dateTime={n.created_at}
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatDateTime(n.created_at)}
          </Text>
        </Group>
        {/* Details may span several lines (a list of tasks, say) and hold a long word or address. */}
        {n.details && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {n.details}
          </Text>
        )}
        <Group gap="md">
          {link && (
            <AnchorLink to={link} size="sm" onClick={unread ? onRead : undefined}>
              {de.notifications.open}
            </AnchorLink>
          )}
          {unread && (
            <Button variant="subtle" size="compact-sm" onClick={onRead}>
              {de.notifications.markRead}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
