import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../components/DataLoadError';
import { classesQueryOptions } from '../../features/classes/queries';
import { subjectsQueryOptions } from '../../features/subjects/queries';
import { de } from '../../i18n/de';
import { SubjectsPage } from '../../pages/SubjectsPage';

export const Route = createFileRoute('/_content/subjects')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(subjectsQueryOptions),
      queryClient.ensureQueryData(classesQueryOptions),
    ]),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.generic.fetchFailed('subjects')} />,
  component: SubjectsPage,
});
