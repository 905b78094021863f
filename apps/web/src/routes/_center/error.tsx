import { createFileRoute } from '@tanstack/react-router';
import { searchText } from '../../lib/search';
import { ErrorPage } from './-components/ErrorPage';

export const Route = createFileRoute('/_center/error')({
  // Query values may arrive as numbers or booleans (the router JSON-parses them); shown as text.
  validateSearch: (search: Record<string, unknown>): { message?: string; header?: string } => ({
    message: searchText(search.message),
    header: searchText(search.header),
  }),
  component: ErrorRoute,
});

function ErrorRoute() {
  const { message, header } = Route.useSearch();
  return <ErrorPage header={header} message={message} />;
}
