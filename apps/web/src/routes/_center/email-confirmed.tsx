import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_center/email-confirmed')({
  component: EmailConfirmedPage,
});

function EmailConfirmedPage() {
  return <UnderConstruction title={de.titles.emailConfirmed} />;
}
