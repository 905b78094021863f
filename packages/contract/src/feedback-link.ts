import * as z from 'zod/mini';
import { ID_PATTERN } from './public';
import type { StudentSkillProfile } from './skill-profile';

/**
 * The student's feedback link (public, read-only; ADR 010): the API validates and documents its
 * response with these schemas; the student's page reads the type only (`checkedByServer`, ADR 012), so it
 * carries no zod. `zod/mini` like the other public schemas; do not import full `zod` here. Schemas only the
 * API needs (the route params) are in grading.ts.
 */

/** The path of the student's page; the API builds the full URL with PUBLIC_URL. */
export const feedbackLinkPath = (token: string) => `/feedback/${token}`;

const id = z.string().check(z.regex(ID_PATTERN, { error: 'Ungültige ID' }));
const int = z.number().check(z.int());

export const ZFeedbackLinkSkill = z.object({
  skill_id: id,
  name: z.string(),
  description: z.string(),
  maxScore: int,
  /** -1: not scored. */
  score: int,
  /** The rubric's descriptor of the reached level, when there is one. */
  level: z.nullable(z.string()),
  reason: z.string(),
  proof: z.array(z.string()),
  recommendation: z.string(),
});
export type FeedbackLinkSkill = z.infer<typeof ZFeedbackLinkSkill>;

export const ZFeedbackLinkGroup = z.object({
  group_id: id,
  group_name: z.string(),
  group_feedback: z.string(),
  score: z.number(),
  max_score: z.number(),
  skills: z.array(ZFeedbackLinkSkill),
});
export type FeedbackLinkGroup = z.infer<typeof ZFeedbackLinkGroup>;

/** `GET /api/feedback-link/:token`: what the student sees. The first name only, no ids of people. */
export const ZFeedbackLinkResponse = z.object({
  task: z.object({
    title: z.string(),
    description: z.string(),
    /** The task content (an opaque JSON document, `ZTaskData`). */
    data: z.nullable(z.record(z.string(), z.unknown())),
  }),
  student: z.object({ first_name: z.string() }),
  files: z.array(
    z.object({
      id,
      original_name: z.string(),
      mime: z.string(),
      pages: z.nullable(int),
    }),
  ),
  groups: z.array(ZFeedbackLinkGroup),
  score: z.number(),
  max_score: z.number(),
});
export type FeedbackLinkResponse = z.infer<typeof ZFeedbackLinkResponse>;

/**
 * The grading part of the student's view as it was handed back: stored at "Austeilen" and shown by the link
 * until the teacher hands back again (task, files and the first name are read when the link is opened).
 */
export type ReleasedGrading = Pick<FeedbackLinkResponse, 'groups' | 'score' | 'max_score'>;

/**
 * The student's feedback page as the server renders it and sends it beside the markup as JSON
 * (`#feedback-data`, ADR 034): the handed-back work with the skill profile (null when it could not be read),
 * or the German message of a link that is unknown or not handed back (status 404).
 */
export type FeedbackLinkPageData =
  { link: FeedbackLinkResponse; profile: StudentSkillProfile | null } | { notFound: string };

/**
 * The web build's renderer of that page for the server (`apps/web/src/feedback.server.tsx`, built into
 * `dist/.ssr/`): the markup of `#root`, which the page's script hydrates, and the document's title.
 */
export type FeedbackLinkPageRenderer = (
  token: string,
  data: FeedbackLinkPageData,
) => Promise<{ html: string; title: string }>;
