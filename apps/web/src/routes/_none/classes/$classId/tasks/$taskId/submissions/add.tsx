import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../../../../components/UnderConstruction';
import { de } from '../../../../../../../i18n/de';

export const Route = createFileRoute('/_none/classes/$classId/tasks/$taskId/submissions/add')({
  component: SubmissionsAddPage,
});

function SubmissionsAddPage() {
  return <UnderConstruction title={de.titles.submissionsAdd} />;
}
