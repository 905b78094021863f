import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_none/joinClass')({
  component: JoinClassPage,
});

function JoinClassPage() {
  return <UnderConstruction title={de.titles.joinClass} />;
}
