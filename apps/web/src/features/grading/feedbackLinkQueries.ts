import type { FeedbackLinkResponse, StudentSkillProfile } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, checkedByServer } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The student's feedback link page's data (public, no sign-in; ADR 010). Apart from queries.ts so that the
 * page's bundle holds only this: no zod (the API checked the response against the contract's schema before
 * sending it, see `checkedByServer`, as on the submit page), no teacher code, no catalog.
 * queries.ts re-exports everything here.
 */

const enc = encodeURIComponent;

export const feedbackLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.feedbackLink.detail(token),
    queryFn: ({ signal }) =>
      apiFetch(`/api/feedback-link/${enc(token)}`, {
        schema: checkedByServer<FeedbackLinkResponse>(),
        signal,
      }),
    staleTime: 60_000,
    // A 404 (unknown or not handed back) does not get better by asking again.
    retry: false,
  });

/** The student's own skill profile in the link's class (ADR 025); checked by the server like the page's data. */
export const feedbackLinkSkillProfileQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.feedbackLink.skillProfile(token),
    queryFn: ({ signal }) =>
      apiFetch(`/api/feedback-link/${enc(token)}/skill-profile`, {
        schema: checkedByServer<StudentSkillProfile>(),
        signal,
      }),
    staleTime: 60_000,
    retry: false,
  });

/** Where a file of the handed-back submission is served from, through the token. */
export const feedbackLinkFileUrl = (token: string, fileId: string) =>
  `/api/feedback-link/${enc(token)}/files/${enc(fileId)}`;
