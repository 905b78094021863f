import {
  isUnsureSuggestion,
  type EvidenceBox,
  type GradingGroup,
  type GradingSkillFeedback,
} from '@app/contract';

// How the grading page presents the AI's consistency and evidence (ADR 024).

/** `items` with those that match first, each part in its given order. */
const matchingFirst = <T>(items: readonly T[], match: (item: T) => boolean): T[] => [
  ...items.filter(match),
  ...items.filter((item) => !match(item)),
];

/**
 * Unsure skills first: groups holding one come first and, inside a group, its unsure skills; the rubric order
 * otherwise. Follows the runs' spread only, so a skill does not jump away once the teacher picked its level.
 */
export function reviewOrder(groups: readonly GradingGroup[]): GradingGroup[] {
  const sorted = groups.map((g) => ({
    ...g,
    skills: matchingFirst(g.skills, (s) => isUnsureSuggestion(s.feedback)),
  }));
  return matchingFirst(sorted, (g) => g.skills.some((s) => isUnsureSuggestion(s.feedback)));
}

/** Unsure skills the teacher has not scored yet. */
export const openUnsureCount = (groups: readonly GradingGroup[]): number =>
  groups
    .flatMap((g) => g.skills)
    .filter((s) => isUnsureSuggestion(s.feedback) && s.feedback.teacher_edited_at === null).length;

/** The AI suggested a score but named nothing from the submission that supports it ("ohne Beleg"). */
export const withoutEvidence = (f: GradingSkillFeedback): boolean =>
  f.ai_score !== null && f.evidence.length === 0 && f.proof.length === 0;

/** The evidence the files column highlights: one quote's place on a file. */
export interface ShownEvidence {
  /** Which skill and which of its quotes, so its button shows the pressed state. */
  key: string;
  fileId: string;
  page: number;
  box: EvidenceBox | null;
  /** Accessible name of the marked region. */
  label: string;
}
