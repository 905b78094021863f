/**
 * A skill's feedback as far as the texts are concerned: the score with the AI's, the stored texts, and the
 * teacher's choices about them (ADR 010).
 */
export interface SkillTextsInput {
  score: number;
  /** The AI's score; null when the teacher scored by hand. */
  ai_score: number | null;
  reason: string;
  proof: readonly string[];
  recommendation: string;
  /** Set once the teacher wrote (or removed) the reason and recommendation. */
  texts_edited_at: string | Date | null;
  /** The teacher keeps the AI's texts for a score other than the AI's. */
  ai_texts_kept: boolean;
}

/** Whose texts the student sees: the AI's, the teacher's own, or none (the AI's no longer fit the score). */
export type SkillTextsSource = 'ai' | 'teacher' | 'hidden';

export interface SharedSkillTexts {
  source: SkillTextsSource;
  reason: string;
  proof: string[];
  recommendation: string;
}

/**
 * What the student's feedback link shows of a skill's texts. The AI's reason, evidence and recommendation
 * explain the AI's score: once the teacher changed the score they are no longer shown, unless the teacher
 * keeps them explicitly. The teacher's own texts (also empty ones, to remove a reason) replace the AI's
 * reason, evidence and recommendation. A row the teacher scored by hand is theirs.
 */
export function sharedSkillTexts(feedback: SkillTextsInput): SharedSkillTexts {
  const aiTextsFit = feedback.score === feedback.ai_score || feedback.ai_texts_kept;
  if (feedback.texts_edited_at !== null || feedback.ai_score === null) {
    return {
      source: 'teacher',
      reason: feedback.reason,
      // The AI's evidence belongs to the AI's reasoning, which the teacher's own text replaces.
      proof: feedback.texts_edited_at === null ? [...feedback.proof] : [],
      recommendation: feedback.recommendation,
    };
  }
  if (!aiTextsFit) return { source: 'hidden', reason: '', proof: [], recommendation: '' };
  return {
    source: 'ai',
    reason: feedback.reason,
    proof: [...feedback.proof],
    recommendation: feedback.recommendation,
  };
}
