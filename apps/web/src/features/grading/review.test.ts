import type { GradingGroup, GradingSkill } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { openUnsureCount, reviewOrder, withoutEvidence } from './review';

const skill = (name: string, spread: number | null, edited = false): GradingSkill =>
  ({
    skill: { id: name, name },
    feedback: {
      ai_spread: spread,
      ai_score: spread === null ? null : 1,
      teacher_edited_at: edited ? '2025-01-01T00:00:00.000Z' : null,
      evidence: [],
      proof: [],
    },
  }) as unknown as GradingSkill;
const group = (name: string, skills: GradingSkill[]) =>
  ({ group_id: name, group_name: name, skills }) as unknown as GradingGroup;
const names = (groups: GradingGroup[]) => groups.map((g) => [g.group_id, g.skills.map((s) => s.skill.name)]);

describe('reviewOrder', () => {
  it('puts unsure skills and their groups first, keeping the rubric order otherwise', () => {
    const groups = [
      group('A', [skill('a1', 0), skill('a2', 1)]),
      group('B', [skill('b1', 0), skill('b2', 3), skill('b3', null), skill('b4', 2)]),
      group('C', [skill('c1', 2, true)]),
    ];
    expect(names(reviewOrder(groups))).toEqual([
      ['B', ['b2', 'b4', 'b1', 'b3']],
      ['C', ['c1']],
      ['A', ['a1', 'a2']],
    ]);
    // A picked unsure skill stays where it is but no longer counts as open.
    expect(openUnsureCount(groups)).toBe(2);
  });

  it('leaves a rubric without unsure skills as it is', () => {
    const groups = [group('A', [skill('a1', 1), skill('a2', null)])];
    expect(names(reviewOrder(groups))).toEqual([['A', ['a1', 'a2']]]);
    expect(openUnsureCount(groups)).toBe(0);
  });
});

describe('withoutEvidence', () => {
  it('is an AI suggestion with neither evidence nor quotes', () => {
    const f = skill('x', 0).feedback;
    expect(withoutEvidence(f)).toBe(true);
    expect(withoutEvidence({ ...f, proof: ['zitat'] })).toBe(false);
    expect(withoutEvidence({ ...f, evidence: [{ quote: 'q', file_id: null, page: null, box: null }] })).toBe(
      false,
    );
    // A score the teacher gave by hand is no suggestion.
    expect(withoutEvidence({ ...f, ai_score: null })).toBe(false);
  });
});
