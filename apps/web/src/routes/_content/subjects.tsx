import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/UnderConstruction';
import { de } from '../../i18n/de';

export const Route = createFileRoute('/_content/subjects')({
  component: SubjectsPage,
});

function SubjectsPage() {
  return <UnderConstruction title={de.titles.subjects} />;
}
