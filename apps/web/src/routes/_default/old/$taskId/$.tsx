import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../../components/DataLoadError';
import { OldTaskPage } from '../../../../features/dev';
import { taskQueryOptions } from '../../../../features/tasks/queries';
import { de } from '../../../../i18n/de';
import { orNotFound } from '../../../../lib/loaders';

// "/old/{taskId} and deeper" (PRODUCT.md §2): any deeper path shows the task, as /old/{taskId} does
// (/old/{taskId}/edit keeps its own route).
export const Route = createFileRoute('/_default/old/$taskId/$')({
  loader: ({ context: { queryClient }, params: { taskId } }) =>
    orNotFound(queryClient.ensureQueryData(taskQueryOptions(taskId))),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.tasks.loadFailed} />,
  component: RouteComponent,
});

function RouteComponent() {
  const { taskId } = Route.useParams();
  return <OldTaskPage taskId={taskId} />;
}
