import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../../../components/DataLoadError';
import { DevSubmissionFlowPage } from '../../../../../features/dev';
import { loadTaskSubmissions } from '../../../../../features/submissions/queries';
import { taskQueryOptions } from '../../../../../features/tasks/queries';
import { de } from '../../../../../i18n/de';
import { orNotFound } from '../../../../../lib/loaders';

export const Route = createFileRoute('/_default/dev/submissions/flow/$taskId')({
  loader: ({ context: { queryClient }, params: { taskId } }) =>
    Promise.all([
      orNotFound(queryClient.ensureQueryData(taskQueryOptions(taskId))),
      loadTaskSubmissions(queryClient, taskId),
    ]),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.tasks.loadFailed} />,
  component: RouteComponent,
});

function RouteComponent() {
  const { taskId } = Route.useParams();
  return <DevSubmissionFlowPage taskId={taskId} />;
}
