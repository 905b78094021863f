import { errorMessages } from './errors';

export interface SkillForCompleteness {
  id: string;
  name: string;
  maxScore: number;
  /** The skill's descriptors; used when no separate `details` list is passed. */
  details?: readonly { score: number }[] | null;
}

export interface SkillDetailForCompleteness {
  skill_id: string;
  score: number;
}

export interface MissingSkillScores {
  skillId: string;
  name: string;
  /** The scores 0 … maxScore that have no descriptor yet, ascending. */
  scores: number[];
}

export interface SkillsCompleteness {
  complete: boolean;
  missing: MissingSkillScores[];
}

/**
 * Skills count as saved (complete) only when every skill has at least one descriptor for each score from 0
 * to its maximum score (PRODUCT.md §4). Descriptors come from `details` (flat rows, matched by `skill_id`)
 * when given, otherwise from each skill's own `details`. No skills at all is complete.
 */
export function skillsComplete(
  skills: readonly SkillForCompleteness[],
  details?: readonly SkillDetailForCompleteness[],
): SkillsCompleteness {
  const missing: MissingSkillScores[] = [];
  for (const skill of skills) {
    const own = details ? details.filter((detail) => detail.skill_id === skill.id) : (skill.details ?? []);
    const present = new Set(own.map((detail) => detail.score));
    const scores: number[] = [];
    for (let score = 0; score <= skill.maxScore; score++) {
      if (!present.has(score)) scores.push(score);
    }
    if (scores.length > 0) missing.push({ skillId: skill.id, name: skill.name, scores });
  }
  return { complete: missing.length === 0, missing };
}

export const SCORE_ABOVE_MAX_MESSAGE = errorMessages.SCORE_ABOVE_MAX;

/**
 * A descriptor's score may not exceed its skill's maximum score (PRODUCT.md §5). Returns the message, or null
 * when the score is allowed (the shape form validators expect).
 */
export function validateDetailScore(score: number, maxScore: number): string | null {
  return score > maxScore ? SCORE_ABOVE_MAX_MESSAGE : null;
}
