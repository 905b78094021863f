import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_none/showClassToken')({
  component: ShowClassTokenPage,
});

function ShowClassTokenPage() {
  return <UnderConstruction title={de.titles.showClassToken} />;
}
