import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_default/notifications')({
  component: NotificationsPage,
});

function NotificationsPage() {
  return <UnderConstruction title={de.titles.notifications} />;
}
