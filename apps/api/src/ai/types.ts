import type { AiProviderName } from '@app/contract';
import { z } from 'zod';

// The AI gateway (ARCHITECTURE.md §7): one interface, two providers (`service`: the AI service contract of
// PRODUCT.md §7; `openai`: any OpenAI-compatible chat-completions endpoint). Inputs carry ids and task/rubric
// text only, never student names (pseudonymised before they get here). The gateway validates every output
// with these schemas; output that does not fit throws AiError('invalid_response') and nothing is stored.

export const AI_OPERATIONS = [
  'get_skills',
  'get_skill_levels',
  'skill_feedback',
  'score',
  'analyze_image',
  'analyze_formula',
  'analyze_multimodal',
  'analyze_complex',
] as const;
export type AiOperation = (typeof AI_OPERATIONS)[number];

/** What went wrong talking to a provider: PRODUCT.md §7 "response error" / "fetch error", plus our own checks. */
export type AiErrorKind =
  | 'missing_parameter' // PRODUCT.md §5: a required input object is missing
  | 'response' // the provider answered outside 2xx
  | 'fetch' // network failure or timeout
  | 'invalid_response'; // the answer does not fit the operation's schema

export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    readonly operation: AiOperation,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AiError';
  }
  /** Worth another attempt (job retries): the provider was down, slow or busy (429, 408), not wrong. */
  get retryable(): boolean {
    if (this.kind === 'fetch') return true;
    if (this.kind !== 'response') return false;
    const status = this.status ?? 500;
    return status >= 500 || status === 429 || status === 408;
  }
}

/** A scan as the provider sees it: bytes plus type. PDFs are rendered to page images by the openai provider. */
export interface AiFile {
  /** Our file id, so answers can refer to it; never the original file name. */
  id: string;
  mime: string;
  bytes: Uint8Array;
}

const ZAiTask = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The task's content as plain text (tiptap JSON flattened, formulas as LaTeX). */
  content: z.string(),
});
const ZAiSubject = z.object({ id: z.string(), name: z.string() });
const ZAiClass = z.object({ id: z.string(), name: z.string(), grade: z.string() });
const ZAiCluster = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  created_by: z.string(),
  criteria: z.string(),
});
const ZAiLevel = z.object({ score: z.number().int().min(0), requirements: z.string() });
const ZAiSkill = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  maxScore: z.number().int().min(0),
  /** The rubric's descriptors (skill details): one or more per score 0..maxScore. */
  levels: z.array(ZAiLevel),
});
const ZAiSkillGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  skills: z.array(ZAiSkill),
});

// get_skills: task, classes, subject, clusters → proposed skill groups with skills (names + descriptions).
export const ZGetSkillsInput = z.object({
  task: ZAiTask,
  classes: z.array(ZAiClass),
  subject: ZAiSubject,
  clusters: z.array(ZAiCluster),
});
export const ZGetSkillsOutput = z.object({
  skill_groups: z
    .array(
      z.object({
        name: z.string().min(1),
        description: z.string().default(''),
        skills: z
          .array(
            z.object({
              name: z.string().min(1),
              description: z.string().default(''),
              maxScore: z.number().int().min(1).max(10).optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

// get_skill_levels: task, subject, classes, skill groups (skills with maxScore) → levels per skill.
export const ZGetSkillLevelsInput = z.object({
  task: ZAiTask,
  subject: ZAiSubject,
  classes: z.array(ZAiClass),
  skill_groups: z.array(ZAiSkillGroup),
});
export const ZGetSkillLevelsOutput = z.object({
  skill_groups: z.array(
    z.object({
      id: z.string(),
      skills: z.array(z.object({ id: z.string(), levels: z.array(ZAiLevel).min(1) })),
    }),
  ),
});

// skill_feedback: task, submission, subject, classes, skill groups → feedback per skill and per group.
const ZAiSubmission = z.object({
  id: z.string(),
  /** Recognised text of the student's work (OCR), empty when the provider reads the images itself. */
  solution: z.string(),
  /** Ids of the files handed in; their bytes travel separately (AiFile). */
  file_ids: z.array(z.string()),
});
/**
 * Calibration (ADR 025): one of the teacher's corrections of an earlier suggestion for the same skill, so the
 * provider can grade like this teacher. A solution by id and an excerpt only, never a student's name.
 */
export const ZAiExample = z.object({
  /** A skill of `skill_groups` (the example's own skill may have been another task's copy). */
  skill_id: z.string(),
  submission_id: z.string(),
  /** A short excerpt of that solution (recognised text or the AI's quotes from it); may be empty. */
  excerpt: z.string(),
  ai_score: z.number().int().min(0),
  teacher_score: z.number().int().min(0),
  /** The teacher's reason when they wrote one, else empty. */
  teacher_reason: z.string(),
});
export type AiExample = z.infer<typeof ZAiExample>;
export const ZSkillFeedbackInput = z.object({
  task: ZAiTask,
  submission: ZAiSubmission,
  subject: ZAiSubject,
  classes: z.array(ZAiClass),
  skill_groups: z.array(ZAiSkillGroup).min(1),
  /** Calibration examples, newest first (ADR 025); absent when the teacher corrected nothing comparable. */
  examples: z.array(ZAiExample).max(12).optional(),
});
/** A region of a scan as fractions of the page (0..1 from the top left); checked to fit by consistency.ts. */
const ZAiBox = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().gt(0).max(1),
  h: z.number().gt(0).max(1),
});
/**
 * What supports a suggestion (ADR 024): the quote from the recognised text and, for scans, where it is.
 * Optional in the answer (a service without it still fits; its suggestions show "ohne Beleg").
 */
export const ZAiEvidence = z.object({
  quote: z.string(),
  /** One of `submission.file_ids`; null when the quote has no place on a file. */
  file_id: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  /** 1-based page of a PDF (1 for an image). */
  page: z
    .number()
    .int()
    .min(1)
    .nullish()
    .transform((v) => v ?? null),
  box: ZAiBox.nullish().transform((v) => v ?? null),
});
export type AiEvidence = z.infer<typeof ZAiEvidence>;

export const ZSkillFeedbackOutput = z.object({
  skill_feedbacks: z.array(
    z.object({
      skill_id: z.string(),
      /** -1 = not scored. Checked against the skill's maxScore by checkSkillFeedback (consistency.ts). */
      score: z.number().int().min(-1),
      reason: z.string(),
      proof: z.array(z.string()),
      recommendation: z.string(),
      // An empty quote supports nothing: dropped rather than failing the whole answer.
      evidence: z
        .array(ZAiEvidence)
        .default([])
        .transform((list) => list.filter((e) => e.quote.trim() !== '')),
    }),
  ),
  skill_group_feedbacks: z.array(z.object({ group_id: z.string(), feedback: z.string() })),
});

export const ZAiScoreInput = z.object({ pl_id: z.string().min(1), score: z.number() });
export const ZAnalyzeOutput = z.object({ text: z.string() });

export type GetSkillsInput = z.infer<typeof ZGetSkillsInput>;
export type GetSkillsOutput = z.infer<typeof ZGetSkillsOutput>;
export type GetSkillLevelsInput = z.infer<typeof ZGetSkillLevelsInput>;
export type GetSkillLevelsOutput = z.infer<typeof ZGetSkillLevelsOutput>;
export type SkillFeedbackInput = z.infer<typeof ZSkillFeedbackInput>;
export type SkillFeedbackOutput = z.infer<typeof ZSkillFeedbackOutput>;
export type AiScoreInput = z.infer<typeof ZAiScoreInput>;
export type AnalyzeKind = 'image' | 'formula' | 'multimodal' | 'complex';

export interface AiCallOptions {
  signal?: AbortSignal;
}

/**
 * A provider as the gateway drives it: a plain transport that takes inputs the gateway has already validated
 * and resolves with the provider's raw answer. Checking that answer is the gateway's job (gateway.ts).
 */
export interface AiTransport {
  readonly provider: AiGateway['provider'];
  readonly needsOcr: boolean;
  getSkills(input: GetSkillsInput, opts?: AiCallOptions): Promise<unknown>;
  getSkillLevels(input: GetSkillLevelsInput, opts?: AiCallOptions): Promise<unknown>;
  skillFeedback(input: SkillFeedbackInput, files: AiFile[], opts?: AiCallOptions): Promise<unknown>;
  score(input: AiScoreInput, opts?: AiCallOptions): Promise<void>;
  /**
   * One raw answer per request the provider needs for these files, requested one after another as the
   * caller reads them (the caller stops at the first answer that does not fit).
   */
  analyze(kind: AnalyzeKind, files: AiFile[], opts?: AiCallOptions): AsyncIterable<unknown>;
  healthcheck(opts?: AiCallOptions): Promise<boolean>;
}

/** The gateway every caller uses (`app.ai`); null on the app when AI_PROVIDER=none. */
export interface AiGateway {
  readonly provider: Exclude<AiProviderName, 'none'>;
  /** skill_feedback runs per correction (AI_FEEDBACK_RUNS, default per provider; ADR 024). */
  readonly feedbackRuns: number;
  /**
   * true: skill_feedback needs the work as text, so the correction job runs analyze_* (OCR) first and passes
   * the text as `submission.solution` (service). false: the provider reads the files itself (openai, vision).
   */
  readonly needsOcr: boolean;
  getSkills(input: GetSkillsInput, opts?: AiCallOptions): Promise<GetSkillsOutput>;
  getSkillLevels(input: GetSkillLevelsInput, opts?: AiCallOptions): Promise<GetSkillLevelsOutput>;
  skillFeedback(
    input: SkillFeedbackInput,
    files: AiFile[],
    opts?: AiCallOptions,
  ): Promise<SkillFeedbackOutput>;
  /** Calibration: the teacher's final score for a skill feedback (`pl_id`). Fire-and-forget for callers. */
  score(input: AiScoreInput, opts?: AiCallOptions): Promise<void>;
  /** OCR of handwriting / formulas / images. */
  analyze(kind: AnalyzeKind, files: AiFile[], opts?: AiCallOptions): Promise<{ text: string }>;
  /** true when the provider answers. Never throws. */
  healthcheck(opts?: AiCallOptions): Promise<boolean>;
}
