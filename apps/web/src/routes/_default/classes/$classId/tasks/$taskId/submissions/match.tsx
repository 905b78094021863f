import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../../../../components/UnderConstruction';
import { de } from '../../../../../../../i18n/de';

export const Route = createFileRoute('/_default/classes/$classId/tasks/$taskId/submissions/match')({
  component: SubmissionsMatchPage,
});

function SubmissionsMatchPage() {
  return <UnderConstruction title={de.titles.submissionsMatch} />;
}
