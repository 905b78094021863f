import type { FeedbackLinkResponse, StudentSkillProfile } from '@app/contract';
import { apiFetch, checkedByServer } from '../../lib/api';

/**
 * The student's feedback link page's data (public, no sign-in; ADR 010). The page is an entry of its own
 * without a query client (ADR 034); the server sends its data with the HTML, and these ask the API only when
 * it did not. No zod (the API checked the response against the contract's schema before sending it, see
 * `checkedByServer`, as on the submit page), no teacher code, no catalog. queries.ts re-exports everything here.
 */

const enc = encodeURIComponent;

/** `GET /api/feedback-link/{token}`: the handed-back work; a 404 when unknown or not handed back. */
export const fetchFeedbackLink = (token: string, signal?: AbortSignal) =>
  apiFetch(`/api/feedback-link/${enc(token)}`, { schema: checkedByServer<FeedbackLinkResponse>(), signal });

/** The student's own skill profile in the link's class (ADR 025); checked by the server like the page's data. */
export const fetchFeedbackLinkSkillProfile = (token: string, signal?: AbortSignal) =>
  apiFetch(`/api/feedback-link/${enc(token)}/skill-profile`, {
    schema: checkedByServer<StudentSkillProfile>(),
    signal,
  });

/** Where a file of the handed-back submission is served from, through the token. */
export const feedbackLinkFileUrl = (token: string, fileId: string) =>
  `/api/feedback-link/${enc(token)}/files/${enc(fileId)}`;
