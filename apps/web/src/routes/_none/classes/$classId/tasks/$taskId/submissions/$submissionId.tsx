import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../../../../../components/DataLoadError';
import { GradingPage } from '../../../../../../../features/grading';
import { loadGrading } from '../../../../../../../features/grading/queries';
import { de } from '../../../../../../../i18n/de';

// The grading page of one submission (ADR 010: below the task, no layout, the whole width for files beside
// the rubric).
export const Route = createFileRoute('/_none/classes/$classId/tasks/$taskId/submissions/$submissionId')({
  loader: ({ context: { queryClient }, params: { classId, taskId, submissionId } }) =>
    loadGrading(queryClient, classId, taskId, submissionId),
  errorComponent: (props) => <DataLoadError {...props} message={de.grading.page.loadFailed} />,
  component: RouteComponent,
});

function RouteComponent() {
  const { classId, taskId, submissionId } = Route.useParams();
  return <GradingPage classId={classId} taskId={taskId} submissionId={submissionId} />;
}
