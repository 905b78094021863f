import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../components/DataLoadError';
import { NotificationsPage } from '../../features/notifications';
import { notificationsQueryOptions } from '../../features/notifications/queries';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_default/notifications')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(notificationsQueryOptions),
  errorComponent: (props) => (
    <DataLoadError {...props} message={de.toasts.generic.fetchFailed('notifications')} />
  ),
  component: NotificationsPage,
});
