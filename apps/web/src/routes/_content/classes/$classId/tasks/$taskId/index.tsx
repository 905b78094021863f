import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../../../../components/DataLoadError';
import { classQueryOptions } from '../../../../../../features/classes/queries';
import { taskQueryOptions } from '../../../../../../features/tasks/queries';
import { de } from '../../../../../../i18n/de';
import { orNotFound } from '../../../../../../lib/loaders';
import { TaskPage } from '../../../../../../pages/TaskPage';

export const Route = createFileRoute('/_content/classes/$classId/tasks/$taskId/')({
  loader: ({ context: { queryClient }, params: { classId, taskId } }) =>
    orNotFound(
      Promise.all([
        queryClient.ensureQueryData(taskQueryOptions(taskId)),
        queryClient.ensureQueryData(classQueryOptions(classId)),
      ]),
    ),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.tasks.loadFailed} />,
  component: TaskRoute,
});

function TaskRoute() {
  const { classId, taskId } = Route.useParams();
  return <TaskPage classId={classId} taskId={taskId} />;
}
