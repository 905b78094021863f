import { ActionIcon, Badge, Group, Indicator, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import type { AnchorElementProps } from '../../../components/links';
import { de } from '../../../i18n/de';
import { notificationsQueryOptions } from '../queries';

function ActionIconAnchor(props: AnchorElementProps) {
  // A link: never disabled while the page hydrates (links/ButtonLink).
  return <ActionIcon component="a" variant="subtle" size="lg" color="gray" disabled={false} {...props} />;
}
const ActionIconLink = createLink(ActionIconAnchor);

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6" />
      <path d="M9 17v1a3 3 0 0 0 6 0v-1" />
    </svg>
  );
}

/**
 * The header's bell with the unread count, and the AI coin balance beside it. Both come from
 * `GET /api/notifications`; while it loads (or fails) the bell shows without numbers.
 */
export function NotificationBell() {
  const { data } = useQuery(notificationsQueryOptions);
  const unread = data?.unreadCount ?? 0;
  return (
    <Group gap="xs" wrap="nowrap">
      {data && (
        // Plain text with a title: the full explanation is on /notifications, behind the bell. A phone's
        // header has no room for it beside the name and the bell: there the balance is on /notifications.
        <Badge variant="light" color="yellow" size="lg" title={de.notifications.balanceHint} visibleFrom="xs">
          <VisuallyHidden>{de.notifications.balanceLabel}</VisuallyHidden>
          {de.notifications.coins(data.coinCount)}
        </Badge>
      )}
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={16}
        disabled={unread === 0}
        offset={4}
        color="red"
      >
        <ActionIconLink to="/notifications" aria-label={de.notifications.bell(unread)}>
          <BellIcon />
        </ActionIconLink>
      </Indicator>
    </Group>
  );
}
