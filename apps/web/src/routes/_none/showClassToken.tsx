import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../components/DataLoadError';
import { ShowClassTokenPage } from '../../features/classes';
import { classQueryOptions, classTokenQueryOptions } from '../../features/classes/queries';
import { configQueryOptions } from '../../features/config/queries';
import { de } from '../../i18n/de';
import { orNotFound } from '../../lib/loaders';
import { searchText } from '../../lib/search';

export const Route = createFileRoute('/_none/showClassToken')({
  validateSearch: (search: Record<string, unknown>): { classId?: string } => ({
    classId: searchText(search.classId),
  }),
  // Shown on a projector and scanned from there: always dark on light.
  staticData: { colorScheme: 'light' },
  loaderDeps: ({ search }) => ({ classId: search.classId }),
  loader: async ({ context: { queryClient }, deps: { classId } }) => {
    if (!classId) return;
    await orNotFound(
      Promise.all([
        queryClient.ensureQueryData(classQueryOptions(classId)),
        queryClient.ensureQueryData(classTokenQueryOptions(classId)),
        queryClient.ensureQueryData(configQueryOptions),
      ]),
    );
  },
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.classes.loadFailed} />,
  component: ShowClassTokenRoute,
});

function ShowClassTokenRoute() {
  const { classId } = Route.useSearch();
  return <ShowClassTokenPage classId={classId} />;
}
