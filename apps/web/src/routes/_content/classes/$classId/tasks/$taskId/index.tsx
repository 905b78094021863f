import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../../../../components/DataLoadError';
import { classQueryOptions } from '../../../../../../features/classes/queries';
import { rubricQueryOptions } from '../../../../../../features/rubrics/queries';
import {
  submissionsQueryOptions,
  taskFilesQueryOptions,
} from '../../../../../../features/submissions/queries';
import { taskQueryOptions } from '../../../../../../features/tasks/queries';
import { de } from '../../../../../../i18n/de';
import { orNotFound } from '../../../../../../lib/loaders';
import { TaskPage } from '../../../../../../pages/TaskPage';

export const Route = createFileRoute('/_content/classes/$classId/tasks/$taskId/')({
  loader: ({ context: { queryClient }, params: { classId, taskId } }) => {
    // What the page's sections load themselves, started with the route instead of after its code (their
    // own errors show in their sections, so they are not awaited here).
    void queryClient.prefetchQuery(submissionsQueryOptions(taskId));
    void queryClient.prefetchQuery(taskFilesQueryOptions(taskId));
    void queryClient.prefetchQuery(rubricQueryOptions(taskId));
    return orNotFound(
      Promise.all([
        queryClient.ensureQueryData(taskQueryOptions(taskId)),
        queryClient.ensureQueryData(classQueryOptions(classId)),
      ]),
    );
  },
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.tasks.loadFailed} />,
  component: TaskRoute,
});

function TaskRoute() {
  const { classId, taskId } = Route.useParams();
  return <TaskPage classId={classId} taskId={taskId} />;
}
