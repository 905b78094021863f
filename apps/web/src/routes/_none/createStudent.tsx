import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../components/DataLoadError';
import { classesQueryOptions } from '../../features/classes/queries';
import { CreateStudentPage } from '../../features/students';
import { de } from '../../i18n/de';
import { searchText } from '../../lib/search';

export const Route = createFileRoute('/_none/createStudent')({
  validateSearch: (search: Record<string, unknown>): { classId?: string } => ({
    classId: searchText(search.classId),
  }),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(classesQueryOptions),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.classes.loadFailed} />,
  component: CreateStudentRoute,
});

function CreateStudentRoute() {
  const { classId } = Route.useSearch();
  return <CreateStudentPage classId={classId} />;
}
