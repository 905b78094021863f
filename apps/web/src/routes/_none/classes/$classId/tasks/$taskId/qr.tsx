import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../../../../components/DataLoadError';
import { TaskQrPage } from '../../../../../../features/submissions';
import { taskQueryOptions } from '../../../../../../features/tasks/queries';
import { de } from '../../../../../../i18n/de';
import { orNotFound } from '../../../../../../lib/loaders';

export const Route = createFileRoute('/_none/classes/$classId/tasks/$taskId/qr')({
  // A QR code is scanned from a projector or a printout: always dark on light.
  staticData: { colorScheme: 'light' },
  loader: ({ context: { queryClient }, params: { taskId } }) =>
    orNotFound(queryClient.ensureQueryData(taskQueryOptions(taskId))),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.tasks.loadFailed} />,
  component: TaskQrRoute,
});

function TaskQrRoute() {
  const { classId, taskId } = Route.useParams();
  return <TaskQrPage classId={classId} taskId={taskId} />;
}
