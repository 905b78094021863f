import { describe, expect, it } from 'vitest';
import {
  UNSCORED,
  groupScore,
  isScored,
  maxScoreSum,
  scoreForDisplay,
  skillScoreValue,
  submissionScore,
} from './scoring';

describe('skill scores', () => {
  it('marks -1 as not scored', () => {
    expect(UNSCORED).toBe(-1);
    expect(isScored(UNSCORED)).toBe(false);
    expect(isScored(null)).toBe(false);
    expect(isScored(undefined)).toBe(false);
    expect(isScored(0)).toBe(true);
    expect(isScored(3)).toBe(true);
  });

  it('counts an unscored skill as 0 and a scored skill as its score', () => {
    expect(skillScoreValue(UNSCORED)).toBe(0);
    expect(skillScoreValue(null)).toBe(0);
    expect(skillScoreValue(undefined)).toBe(0);
    expect(skillScoreValue(4)).toBe(4);
  });
});

describe('groupScore', () => {
  it('sums the skill scores of a group, unscored skills counting 0', () => {
    expect(groupScore([{ score: 2 }, { score: UNSCORED }, { score: 3 }, {}])).toBe(5);
  });

  it('is 0 for a group without skill feedbacks', () => {
    expect(groupScore([])).toBe(0);
    expect(groupScore(null)).toBe(0);
    expect(groupScore(undefined)).toBe(0);
  });
});

describe('submissionScore', () => {
  it('sums the group scores of a submission', () => {
    const groups = [
      { skill_feedbacks: [{ score: 2 }, { score: 1 }] },
      { skill_feedbacks: [{ score: UNSCORED }, { score: 4 }] },
      { skill_feedbacks: null },
      {},
    ];
    expect(submissionScore(groups)).toBe(7);
  });

  it('is 0 without groups', () => {
    expect(submissionScore([])).toBe(0);
    expect(submissionScore(null)).toBe(0);
    expect(submissionScore(undefined)).toBe(0);
  });
});

describe('scoreForDisplay', () => {
  it('is null while no skill is scored', () => {
    expect(scoreForDisplay(undefined)).toBeNull();
    expect(scoreForDisplay([])).toBeNull();
    expect(scoreForDisplay([{}, { skill_feedbacks: [{ score: UNSCORED }] }])).toBeNull();
  });

  it('is the submission score once any skill is scored, even with 0 points', () => {
    expect(scoreForDisplay([{ skill_feedbacks: [{ score: 0 }, { score: UNSCORED }] }])).toBe(0);
    expect(scoreForDisplay([{ skill_feedbacks: [{ score: 2 }] }, { skill_feedbacks: [{ score: 3 }] }])).toBe(
      5,
    );
  });
});

describe('maxScoreSum', () => {
  it('adds the maximum scores of the skills', () => {
    expect(maxScoreSum([{ maxScore: 3 }, { maxScore: 4 }])).toBe(7);
    expect(maxScoreSum([])).toBe(0);
  });
});
