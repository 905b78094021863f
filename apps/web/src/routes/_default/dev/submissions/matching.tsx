import { createFileRoute } from '@tanstack/react-router';
import { DevSubmissionMatchingPage } from '../../../../features/dev';

export const Route = createFileRoute('/_default/dev/submissions/matching')({
  component: DevSubmissionMatchingPage,
});
