import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../components/DataLoadError';
import { ClassesPage } from '../../../features/classes';
import { classesQueryOptions } from '../../../features/classes/queries';
import { subjectsQueryOptions } from '../../../features/subjects/queries';
import { de } from '../../../i18n/de';

export const Route = createFileRoute('/_content/classes/')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(classesQueryOptions),
      queryClient.ensureQueryData(subjectsQueryOptions),
    ]),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.classes.loadFailed} />,
  component: ClassesPage,
});
