import { describe, expect, it } from 'vitest';
import { sharedSkillTexts, type SkillTextsInput } from './skill-texts';

/** What the AI's job leaves: its score 1 with its reason, evidence and recommendation; nobody changed it. */
const aiRow = (overrides: Partial<SkillTextsInput> = {}): SkillTextsInput => ({
  score: 1,
  ai_score: 1,
  reason: 'Ansatz stimmt, Rechnung fehlt',
  proof: ['F1·l1'],
  recommendation: 'Rechnung ausführen',
  texts_edited_at: null,
  ai_texts_kept: false,
  ...overrides,
});

describe('sharedSkillTexts', () => {
  it('shares the AI’s texts while its score stands', () => {
    expect(sharedSkillTexts(aiRow())).toEqual({
      source: 'ai',
      reason: 'Ansatz stimmt, Rechnung fehlt',
      proof: ['F1·l1'],
      recommendation: 'Rechnung ausführen',
    });
    // Scored again with the AI's value: the texts still fit.
    expect(sharedSkillTexts(aiRow({ texts_edited_at: null, score: 1 })).source).toBe('ai');
  });

  it('hides the AI’s texts once the teacher changed the score, unless kept', () => {
    expect(sharedSkillTexts(aiRow({ score: 2 }))).toEqual({
      source: 'hidden',
      reason: '',
      proof: [],
      recommendation: '',
    });
    expect(sharedSkillTexts(aiRow({ score: -1 })).source).toBe('hidden');
    expect(sharedSkillTexts(aiRow({ score: 2, ai_texts_kept: true }))).toEqual({
      source: 'ai',
      reason: 'Ansatz stimmt, Rechnung fehlt',
      proof: ['F1·l1'],
      recommendation: 'Rechnung ausführen',
    });
  });

  it('shares the teacher’s own texts (also empty ones) instead of the AI’s reason, evidence and recommendation', () => {
    const own = { texts_edited_at: '2025-03-10T08:15:00.000Z', reason: 'Gut gelöst', recommendation: '' };
    expect(sharedSkillTexts(aiRow({ ...own, score: 2 }))).toEqual({
      source: 'teacher',
      reason: 'Gut gelöst',
      proof: [],
      recommendation: '',
    });
    expect(sharedSkillTexts(aiRow({ ...own, score: 1 })).proof).toEqual([]);
    expect(sharedSkillTexts(aiRow({ ...own, reason: '', score: 2 }))).toEqual({
      source: 'teacher',
      reason: '',
      proof: [],
      recommendation: '',
    });
  });

  it('treats a row the teacher scored by hand as the teacher’s', () => {
    expect(
      sharedSkillTexts({
        score: 2,
        ai_score: null,
        reason: '',
        proof: [],
        recommendation: '',
        texts_edited_at: null,
        ai_texts_kept: false,
      }),
    ).toEqual({ source: 'teacher', reason: '', proof: [], recommendation: '' });
  });
});
