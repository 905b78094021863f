import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_center/register')({
  component: RegisterPage,
});

function RegisterPage() {
  return <UnderConstruction title={de.titles.register} />;
}
