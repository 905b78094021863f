import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_center/reset-password')({
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  return <UnderConstruction title={de.titles.resetPassword} />;
}
