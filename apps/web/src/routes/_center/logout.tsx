import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_center/logout')({
  component: LogoutPage,
});

function LogoutPage() {
  return <UnderConstruction title={de.titles.logout} />;
}
