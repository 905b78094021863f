import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../components/UnderConstruction';
import { de } from '../../../i18n/de';

export const Route = createFileRoute('/_admin/admin/')({
  component: AdminPage,
});

function AdminPage() {
  return <UnderConstruction title={de.titles.admin} />;
}
