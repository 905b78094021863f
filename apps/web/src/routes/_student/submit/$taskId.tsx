import { createFileRoute } from '@tanstack/react-router';
import { SubmitPage } from '../../../features/submissions';
import { submitPageQueryOptions } from '../../../features/submissions/queries';

export const Route = createFileRoute('/_student/submit/$taskId')({
  // Public (no sign-in, PRODUCT.md §4). Start loading the task with the route; the page shows its own
  // student-friendly message when it cannot be loaded.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(submitPageQueryOptions(params.taskId));
  },
  component: SubmitRoute,
});

function SubmitRoute() {
  const { taskId } = Route.useParams();
  return <SubmitPage taskId={taskId} />;
}
