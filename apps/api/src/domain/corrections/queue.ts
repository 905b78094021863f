import { errorMessages, type TaskRubric } from '@app/contract';
import type { AiExample, SkillFeedbackInput } from '../../ai/types';
import type { AiTaskContext } from '../rubrics';

// The correction queue (ARCHITECTURE.md §7): one pg-boss job per submission, what each job carries and how an
// attempt reports its failure. The queue names are stored in the database: they never change.

export const CORRECTION_QUEUE = 'ai-feedback';
/** Jobs whose attempts are used up land here (pg-boss dead letter): the submission shows 'error', refund. */
export const CORRECTION_FAILED_QUEUE = 'ai-feedback-failed';

export interface CorrectionJobData {
  submissionId: string;
  taskId: string;
  /** The teacher who asked (and paid) for the correction. */
  ownerId: string;
  /** Coins charged for this job (refunded once if it finally fails). */
  cost: number;
  /** Task, subject and class as the AI sees them, when the correction was requested. */
  context: AiTaskContext;
  /** The rubric when the correction was requested (groups with skills only). */
  skill_groups: SkillFeedbackInput['skill_groups'];
  /** The teacher's earlier corrections for these skills (ADR 025); absent when there are none. */
  examples?: AiExample[];
}

/** The coin ledger reference of a correction job's charge and its refund. */
export const correctionChargeReference = (jobId: string) => `feedback:${jobId}`;

/** Why an attempt failed, in German for the teacher; `retry` false skips the remaining attempts. */
export class CorrectionFailure extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CorrectionFailure';
  }
}

export const CORRECTION_MESSAGES = {
  noRubric: errorMessages.CORRECTION_RUBRIC_MISSING,
  rubricChanged:
    'Die Rubrik wurde während der KI-Korrektur geändert. Bitte starte die KI-Korrektur für diese Abgabe erneut.',
  noFiles: errorMessages.CORRECTION_NO_FILES,
  aiFailed: errorMessages.AI_FAILED,
  aiInvalid: errorMessages.AI_INVALID_RESPONSE,
  lost: 'Die KI-Korrektur wurde unterbrochen und ist nicht fertig geworden. Bitte versuche es erneut.',
  internal: errorMessages.INTERNAL,
} as const;

/** The rubric as skill_feedback takes it: groups with skills and their levels; empty groups left out. */
export function toAiSkillGroups(rubric: TaskRubric): SkillFeedbackInput['skill_groups'] {
  return rubric.skill_groups
    .filter((group) => group.skills.length > 0)
    .map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      skills: group.skills.map((skill) => ({
        id: skill.id,
        name: skill.name,
        description: skill.description,
        maxScore: skill.maxScore,
        levels: skill.details.map((d) => ({ score: d.score, requirements: d.requirements || d.value })),
      })),
    }));
}
