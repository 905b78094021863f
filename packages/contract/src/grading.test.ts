import { describe, expect, it } from 'vitest';
import { AI_UNSURE_SPREAD, isUnsureSuggestion, ZGradingSkillFeedback, ZSkillEvidence } from './grading';
import { sharedSkillTexts } from './skill-texts';

const ID = 'Zk3Lm9Qx2Rt7Vw4Yb8Nc1';

describe('the AI’s runs and evidence in the grading view (ADR 024)', () => {
  it('calls a suggestion unsure only when its runs lie more than one level apart', () => {
    expect(AI_UNSURE_SPREAD).toBe(1);
    expect(isUnsureSuggestion({ ai_spread: null })).toBe(false);
    expect(isUnsureSuggestion({ ai_spread: 0 })).toBe(false);
    expect(isUnsureSuggestion({ ai_spread: 1 })).toBe(false);
    expect(isUnsureSuggestion({ ai_spread: 2 })).toBe(true);
  });

  it('takes evidence with a place on a file, or a quote alone; boxes stay within 0..1', () => {
    const placed = { quote: 'x = 5', file_id: ID, page: 2, box: { x: 0.1, y: 0.2, w: 0.3, h: 0.4 } };
    expect(ZSkillEvidence.parse(placed)).toEqual(placed);
    expect(ZSkillEvidence.parse({ quote: 'x = 5', file_id: null, page: null, box: null }).box).toBeNull();
    expect(ZSkillEvidence.safeParse({ ...placed, box: { x: 1.2, y: 0, w: 0.1, h: 0.1 } }).success).toBe(
      false,
    );
    expect(ZSkillEvidence.safeParse({ ...placed, page: 0 }).success).toBe(false);
  });

  it('a grading row carries the runs, their spread and the evidence', () => {
    const row = {
      id: ID,
      skill_id: ID,
      submission_id: ID,
      score: -1,
      reason: 'r',
      proof: [],
      recommendation: '',
      ai_score: 2,
      teacher_edited_at: null,
      ai_reason: 'r',
      ai_recommendation: '',
      texts_edited_at: null,
      ai_texts_kept: false,
      ai_runs: [0, 2, 2],
      ai_spread: 2,
      evidence: [],
    };
    expect(ZGradingSkillFeedback.parse(row)).toMatchObject({ ai_runs: [0, 2, 2], ai_spread: 2 });
    expect(ZGradingSkillFeedback.safeParse({ ...row, ai_spread: -1 }).success).toBe(false);
    // Unsure and not yet picked: the student sees none of the AI's texts.
    expect(sharedSkillTexts(row).source).toBe('hidden');
  });
});
