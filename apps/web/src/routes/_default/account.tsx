import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_default/account')({
  component: AccountPage,
});

function AccountPage() {
  return <UnderConstruction title={de.titles.account} />;
}
