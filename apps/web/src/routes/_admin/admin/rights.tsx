import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../components/UnderConstruction';
import { de } from '../../../i18n/de';

export const Route = createFileRoute('/_admin/admin/rights')({
  component: AdminRightsPage,
});

function AdminRightsPage() {
  return <UnderConstruction title={de.titles.adminRights} />;
}
