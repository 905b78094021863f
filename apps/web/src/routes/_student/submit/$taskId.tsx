import { PRINT_TOKEN_PATTERN } from '@app/contract';
import { createFileRoute } from '@tanstack/react-router';
import { SubmitPage } from '../../../features/submissions';
import { submitPageQueryOptions } from '../../../features/submissions/queries';

/**
 * `?s=`: the print token of the worksheet whose QR code opened the page (preselects the student). One that
 * cannot be a token is ignored, so a damaged link still opens the page. Read by the loader, not with
 * `validateSearch`, which would stay in the entry bundle of every page (the submit page's budget, ADR 012).
 */
function printToken(search: object): string | undefined {
  const s = String((search as { s?: unknown }).s);
  return PRINT_TOKEN_PATTERN.test(s) ? s : undefined;
}

export const Route = createFileRoute('/_student/submit/$taskId')({
  // Public (no sign-in, PRODUCT.md §4). Start loading the task with the route; the page shows its own
  // student-friendly message when it cannot be loaded.
  loader: ({ context, params, location }) => {
    const token = printToken(location.search);
    void context.queryClient.prefetchQuery(submitPageQueryOptions(params.taskId, token));
    return token;
  },
  component: SubmitRoute,
});

function SubmitRoute() {
  const { taskId } = Route.useParams();
  return <SubmitPage taskId={taskId} printToken={Route.useLoaderData()} />;
}
