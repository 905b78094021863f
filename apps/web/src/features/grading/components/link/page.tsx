import type { FeedbackLinkPageData } from '@app/contract';
import { StrictMode } from 'react';
import { FeedbackLinkApp, titleOf, viewOf } from './FeedbackLinkPage';

/**
 * The feedback page as one element and its document title, for the server to render (ADR 034,
 * `src/feedback.server.tsx`): the tree the phone hydrates (`mount.tsx`) for the same data.
 */
export function feedbackLinkPage(token: string, data: FeedbackLinkPageData) {
  return {
    element: (
      <StrictMode>
        <FeedbackLinkApp token={token} initial={data} />
      </StrictMode>
    ),
    title: titleOf(viewOf(data)),
  };
}
