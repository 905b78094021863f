import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../../../../../components/DataLoadError';
import { SubmissionsAddPage } from '../../../../../../../features/submissions';
import { loadTaskSubmissions } from '../../../../../../../features/submissions/queries';
import { de } from '../../../../../../../i18n/de';

export const Route = createFileRoute('/_none/classes/$classId/tasks/$taskId/submissions/add')({
  loader: ({ context: { queryClient }, params: { taskId } }) => loadTaskSubmissions(queryClient, taskId),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.submissions.filesLoadFailed} />,
  component: RouteComponent,
});

function RouteComponent() {
  const { classId, taskId } = Route.useParams();
  return <SubmissionsAddPage classId={classId} taskId={taskId} />;
}
