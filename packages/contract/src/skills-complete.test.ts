import { describe, expect, it } from 'vitest';
import { SCORE_ABOVE_MAX_MESSAGE, skillsComplete, validateDetailScore } from './skills-complete';

const levels = (...scores: number[]) => scores.map((score) => ({ score }));

describe('skillsComplete', () => {
  it('is complete when every skill has a descriptor for each score from 0 to its maximum', () => {
    const result = skillsComplete([
      { id: 's1', name: 'Argumentieren', maxScore: 2, details: levels(2, 0, 1) },
      { id: 's2', name: 'Rechnen', maxScore: 0, details: levels(0) },
    ]);
    expect(result).toEqual({ complete: true, missing: [] });
  });

  it('names each skill and the scores it still lacks', () => {
    const result = skillsComplete([
      { id: 's1', name: 'Argumentieren', maxScore: 3, details: levels(0, 0, 2) },
      { id: 's2', name: 'Rechnen', maxScore: 1, details: levels(0, 1) },
      { id: 's3', name: 'Darstellen', maxScore: 1 },
      { id: 's4', name: 'Modellieren', maxScore: 1, details: null },
    ]);
    expect(result).toEqual({
      complete: false,
      missing: [
        { skillId: 's1', name: 'Argumentieren', scores: [1, 3] },
        { skillId: 's3', name: 'Darstellen', scores: [0, 1] },
        { skillId: 's4', name: 'Modellieren', scores: [0, 1] },
      ],
    });
  });

  it('ignores descriptors above the maximum score', () => {
    expect(skillsComplete([{ id: 's1', name: 'A', maxScore: 1, details: levels(1, 5) }]).missing).toEqual([
      { skillId: 's1', name: 'A', scores: [0] },
    ]);
  });

  it('reads a separate list of descriptor rows by skill_id when one is given', () => {
    const skills = [
      { id: 's1', name: 'A', maxScore: 1, details: levels(0, 1) },
      { id: 's2', name: 'B', maxScore: 1 },
    ];
    const rows = [
      { skill_id: 's2', score: 0 },
      { skill_id: 's2', score: 1 },
      { skill_id: 's1', score: 1 },
    ];
    expect(skillsComplete(skills, rows)).toEqual({
      complete: false,
      missing: [{ skillId: 's1', name: 'A', scores: [0] }],
    });
  });

  it('counts a task without skills as complete', () => {
    expect(skillsComplete([])).toEqual({ complete: true, missing: [] });
  });
});

describe('validateDetailScore', () => {
  it("refuses a score above the skill's maximum score", () => {
    expect(validateDetailScore(4, 3)).toBe("Score cannot be higher than skill's maximum score");
    expect(SCORE_ABOVE_MAX_MESSAGE).toBe("Score cannot be higher than skill's maximum score");
  });

  it('accepts a score up to the maximum score', () => {
    expect(validateDetailScore(3, 3)).toBeNull();
    expect(validateDetailScore(0, 3)).toBeNull();
  });
});
