import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../../../../../components/DataLoadError';
import { SubmissionsMatchPage } from '../../../../../../../features/submissions';
import { loadTaskSubmissions } from '../../../../../../../features/submissions/queries';
import { de } from '../../../../../../../i18n/de';

export const Route = createFileRoute('/_default/classes/$classId/tasks/$taskId/submissions/match')({
  loader: ({ context: { queryClient }, params: { taskId } }) => loadTaskSubmissions(queryClient, taskId),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.submissions.filesLoadFailed} />,
  component: RouteComponent,
});

function RouteComponent() {
  const { classId, taskId } = Route.useParams();
  return <SubmissionsMatchPage classId={classId} taskId={taskId} />;
}
