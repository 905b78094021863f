// The feedback page's renderer for the server (ADR 034), built into dist/.ssr/ by vite.ssr.config.ts and
// loaded by the API (apps/api/src/routes/pages/): the page's own components rendered to HTML once every
// part has loaded (the formulas' KaTeX is a lazy chunk), which the phone then hydrates.
import type { FeedbackLinkPageRenderer } from '@app/contract';
import { prerender } from 'react-dom/static';
import { feedbackLinkPage } from './features/grading';

export const renderFeedbackLinkPage: FeedbackLinkPageRenderer = async (token, data) => {
  const { element, title } = feedbackLinkPage(token, data);
  // Every part in its place: React would send a part beyond its first ~12 kB (a long page with formulas) after
  // the rest, with an inline script to move it in, which the Content Security Policy does not run.
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return { html: await new Response(prelude).text(), title };
};
