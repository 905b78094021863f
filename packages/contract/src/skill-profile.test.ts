import { describe, expect, it } from 'vitest';
import {
  buildSkillProfile,
  skillKey,
  skillTrend,
  ZClassSkillProfileResponse,
  ZStudentSkillProfile,
} from './skill-profile';

const entry = (
  task_id: string,
  date: string,
  skills: { name: string; maxScore: number; score: number }[],
) => ({
  task_id: task_id.padEnd(21, 'x'),
  task_title: `Aufgabe ${task_id}`,
  date,
  skills,
});

describe('skill profile', () => {
  it('joins retyped skill names of the same maximum, oldest task first, with the latest level last', () => {
    const skills = buildSkillProfile([
      entry('b', '2026-03-01T00:00:00.000Z', [{ name: 'Ansatz ', maxScore: 3, score: 3 }]),
      entry('a', '2026-02-01T00:00:00.000Z', [
        { name: 'ansatz', maxScore: 3, score: 1 },
        { name: 'Ergebnis', maxScore: 2, score: -1 },
      ]),
      entry('c', '2026-04-01T00:00:00.000Z', [
        { name: 'Ansatz', maxScore: 4, score: 2 },
        { name: 'Ergebnis', maxScore: 2, score: 2 },
      ]),
    ]);
    expect(skills.map((s) => [s.key, s.points.map((p) => p.score), s.trend])).toEqual([
      [skillKey('Ansatz', 3), [1, 3], 'up'],
      // Another maximum: another skill.
      [skillKey('Ansatz', 4), [2], null],
      // Not scored on the first task: left out.
      [skillKey('Ergebnis', 2), [2], null],
    ]);
    expect(skills[0]!.name).toBe('Ansatz');
    expect(ZStudentSkillProfile.safeParse({ skills }).success).toBe(true);
  });

  it('calls the trend by share of the maximum', () => {
    expect(
      skillTrend([
        { score: 2, max_score: 4 },
        { score: 1, max_score: 2 },
      ]),
    ).toBe('flat');
    expect(
      skillTrend([
        { score: 2, max_score: 2 },
        { score: 2, max_score: 3 },
      ]),
    ).toBe('down');
    expect(skillTrend([{ score: 0, max_score: 0 }])).toBeNull();
  });

  it('rejects a class profile without a valid student id', () => {
    expect(
      ZClassSkillProfileResponse.safeParse({
        skills: [],
        students: [{ student_id: 'x', first_name: 'A', last_name: 'B', skills: [] }],
      }).success,
    ).toBe(false);
  });
});
