import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../../components/DataLoadError';
import {
  classQueryOptions,
  classStudentsQueryOptions,
  classTeachersQueryOptions,
  classTokenQueryOptions,
} from '../../../../features/classes/queries';
import { subjectsQueryOptions } from '../../../../features/subjects/queries';
import { classTasksQueryOptions } from '../../../../features/tasks/queries';
import { de } from '../../../../i18n/de';
import { orNotFound } from '../../../../lib/loaders';
import { ClassPage } from '../../../../pages/ClassPage';

export const Route = createFileRoute('/_content/classes/$classId/')({
  // An unknown class (or another teacher's: the API answers the same 404) shows the 404 page.
  loader: ({ context: { queryClient }, params: { classId } }) => {
    // The teachers' section loads its own list (and shows its own error); started with the route.
    void queryClient.prefetchQuery(classTeachersQueryOptions(classId));
    return orNotFound(
      Promise.all([
        queryClient.ensureQueryData(classQueryOptions(classId)),
        queryClient.ensureQueryData(subjectsQueryOptions),
        queryClient.ensureQueryData(classTasksQueryOptions(classId)),
        queryClient.ensureQueryData(classStudentsQueryOptions(classId)),
        queryClient.ensureQueryData(classTokenQueryOptions(classId)),
      ]),
    );
  },
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.classes.loadFailed} />,
  component: ClassRoute,
});

function ClassRoute() {
  const { classId } = Route.useParams();
  return <ClassPage classId={classId} />;
}
