import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../../components/DataLoadError';
import { ClassesPage } from '../../../features/classes';
import { classesQueryOptions, classInvitationsQueryOptions } from '../../../features/classes/queries';
import { subjectsQueryOptions } from '../../../features/subjects/queries';
import { de } from '../../../i18n/de';

export const Route = createFileRoute('/_content/classes/')({
  loader: ({ context: { queryClient } }) => {
    // The invitations above the list load with it; the list does not wait for them (nor fail with them).
    void queryClient.prefetchQuery(classInvitationsQueryOptions);
    return Promise.all([
      queryClient.ensureQueryData(classesQueryOptions),
      queryClient.ensureQueryData(subjectsQueryOptions),
    ]);
  },
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.classes.loadFailed} />,
  component: ClassesPage,
});
