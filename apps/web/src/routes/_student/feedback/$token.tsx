import { createFileRoute } from '@tanstack/react-router';
import { FeedbackLinkPage } from '../../../features/grading';
import { feedbackLinkQueryOptions } from '../../../features/grading/queries';

export const Route = createFileRoute('/_student/feedback/$token')({
  // Public (no sign-in, ADR 010). Start loading with the route; the page shows its own student-friendly
  // message when the link is unknown or not handed back.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(feedbackLinkQueryOptions(params.token));
  },
  component: FeedbackLinkRoute,
});

function FeedbackLinkRoute() {
  const { token } = Route.useParams();
  return <FeedbackLinkPage token={token} />;
}
