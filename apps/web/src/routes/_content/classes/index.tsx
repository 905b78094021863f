import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../components/UnderConstruction';
import { de } from '../../../i18n/de';

export const Route = createFileRoute('/_content/classes/')({
  component: ClassesPage,
});

function ClassesPage() {
  return <UnderConstruction title={de.titles.classes} />;
}
