import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../../../components/UnderConstruction';
import { de } from '../../../../../../i18n/de';

export const Route = createFileRoute('/_error/classes/$classId/tasks/submissions/$id')({
  component: TaskSubmissionPage,
});

function TaskSubmissionPage() {
  return <UnderConstruction title={de.titles.taskSubmission} />;
}
