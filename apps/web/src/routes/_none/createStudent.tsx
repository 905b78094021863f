import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DataLoadError } from '../../components/DataLoadError';
import { classesQueryOptions } from '../../features/classes/queries';
import { CreateStudentPage } from '../../features/students/components/CreateStudentPage';
import { de } from '../../i18n/de';
import { zSearchText } from '../../lib/search';

export const Route = createFileRoute('/_none/createStudent')({
  validateSearch: z.object({ classId: zSearchText }),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(classesQueryOptions),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.classes.loadFailed} />,
  component: CreateStudentRoute,
});

function CreateStudentRoute() {
  const { classId } = Route.useSearch();
  return <CreateStudentPage classId={classId} />;
}
