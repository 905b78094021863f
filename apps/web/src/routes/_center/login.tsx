import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_center/login')({
  component: LoginPage,
});

function LoginPage() {
  return <UnderConstruction title={de.titles.login} />;
}
