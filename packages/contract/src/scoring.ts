/** A skill-feedback score of -1 means "not scored" (PRODUCT.md §3, §9). */
export const UNSCORED = -1;

export interface ScoredLike {
  score?: number | null;
}

/** True when the score is a real score, not `UNSCORED` (or absent). */
export function isScored(score: number | null | undefined): score is number {
  return score !== null && score !== undefined && score !== UNSCORED;
}

/** What a skill score contributes to a sum: unscored counts as 0 (PRODUCT.md §4). */
export function skillScoreValue(score: number | null | undefined): number {
  return isScored(score) ? score : 0;
}

/** The score of a skill group: the sum of its skills' scores. */
export function groupScore(skillFeedbacks: readonly ScoredLike[] | null | undefined): number {
  return (skillFeedbacks ?? []).reduce((sum, feedback) => sum + skillScoreValue(feedback.score), 0);
}

export interface ScoredGroupLike {
  skill_feedbacks?: readonly ScoredLike[] | null;
}

/** The score of a submission: the sum of its groups, each computed from its skill feedbacks. */
export function submissionScore(groups: readonly ScoredGroupLike[] | null | undefined): number {
  return (groups ?? []).reduce((sum, group) => sum + groupScore(group.skill_feedbacks), 0);
}

/**
 * The `score` of a `SubmissionDisplay`: the submission score once at least one skill is scored, otherwise
 * null (so that `displayStatus` does not call an uncorrected submission `korrigiert`).
 */
export function scoreForDisplay(groups: readonly ScoredGroupLike[] | null | undefined): number | null {
  const anyScored = (groups ?? []).some((group) =>
    (group.skill_feedbacks ?? []).some((feedback) => isScored(feedback.score)),
  );
  return anyScored ? submissionScore(groups) : null;
}

/** The highest reachable score of a set of skills (for "12 / 20"). */
export function maxScoreSum(skills: readonly { maxScore: number }[]): number {
  return skills.reduce((sum, skill) => sum + skill.maxScore, 0);
}
