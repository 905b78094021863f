import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_center/update-password')({
  component: UpdatePasswordPage,
});

function UpdatePasswordPage() {
  return <UnderConstruction title={de.titles.updatePassword} />;
}
