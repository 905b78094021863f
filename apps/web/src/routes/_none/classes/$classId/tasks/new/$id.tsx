import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../../../../components/DataLoadError';
import { classesQueryOptions } from '../../../../../../features/classes/queries';
import { TaskCreatePage } from '../../../../../../features/tasks';
import { de } from '../../../../../../i18n/de';

export const Route = createFileRoute('/_none/classes/$classId/tasks/new/$id')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(classesQueryOptions),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.classes.loadFailed} />,
  component: NewTaskPage,
});

function NewTaskPage() {
  const { classId, id } = Route.useParams();
  return <TaskCreatePage title={de.titles.newTask} classId={classId} draftId={id} />;
}
