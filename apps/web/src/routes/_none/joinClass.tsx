import { createFileRoute } from '@tanstack/react-router';
import { DataLoadError } from '../../components/DataLoadError';
import { classesQueryOptions } from '../../features/classes/queries';
import { JoinClassPage } from '../../features/students';
import { de } from '../../i18n/de';
import { searchText } from '../../lib/search';

export const Route = createFileRoute('/_none/joinClass')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: searchText(search.token),
  }),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(classesQueryOptions),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.classes.loadFailed} />,
  component: JoinClassRoute,
});

function JoinClassRoute() {
  const { token } = Route.useSearch();
  return <JoinClassPage token={token} />;
}
