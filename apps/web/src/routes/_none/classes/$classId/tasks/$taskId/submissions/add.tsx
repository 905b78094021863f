import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../../../../../components/DataLoadError';
import { SubmissionsAddPage } from '../../../../../../../features/submissions/components/SubmissionsAddPage';
import {
  submissionsQueryOptions,
  taskFilesQueryOptions,
} from '../../../../../../../features/submissions/queries';
import { de } from '../../../../../../../i18n/de';
import { orNotFound } from '../../../../../../../lib/loaders';

export const Route = createFileRoute('/_none/classes/$classId/tasks/$taskId/submissions/add')({
  loader: ({ context: { queryClient }, params: { taskId } }) =>
    orNotFound(
      Promise.all([
        queryClient.ensureQueryData(submissionsQueryOptions(taskId)),
        queryClient.ensureQueryData(taskFilesQueryOptions(taskId)),
      ]),
    ),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.submissions.filesLoadFailed} />,
  component: RouteComponent,
});

function RouteComponent() {
  const { classId, taskId } = Route.useParams();
  return <SubmissionsAddPage classId={classId} taskId={taskId} />;
}
