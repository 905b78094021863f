import * as z from 'zod/mini';
import { ID_PATTERN } from './public';

/**
 * A student's skill profile (ADR 025): the skills of a class's tasks, across tasks, from what was handed back
 * (the feedback link's versions), so a student sees nothing the teacher has not released. A skill of two
 * tasks is the same when it is the same row (a reused group) or has the same name (case and spacing aside)
 * and the same maximum. Written with `zod/mini`: the feedback link page reads the type only (ADR 012).
 */

const id = z.string().check(z.regex(ID_PATTERN, { error: 'Ungültige ID' }));
const count = z.number().check(z.int(), z.minimum(0));

export const SKILL_TRENDS = ['up', 'down', 'flat'] as const;
export type SkillTrend = (typeof SKILL_TRENDS)[number];

export const ZSkillProfilePoint = z.object({
  task_id: id,
  task_title: z.string(),
  /** The task's due date, else when it was created: the order of the points. */
  date: z.iso.datetime({ offset: true }),
  score: count,
  max_score: count,
});
export type SkillProfilePoint = z.infer<typeof ZSkillProfilePoint>;

export const ZSkillProfileSkill = z.object({
  /** Identifies the skill across tasks (`skillKey`). */
  key: z.string(),
  /** The name as the latest task calls it. */
  name: z.string(),
  max_score: count,
  /** Oldest first; the last one is the latest level. */
  points: z.array(ZSkillProfilePoint),
  /** Latest against the one before (share of the maximum); null with one point. */
  trend: z.nullable(z.enum(SKILL_TRENDS)),
});
export type SkillProfileSkill = z.infer<typeof ZSkillProfileSkill>;

/** `GET /api/feedback-link/:token/skill-profile`: the student's own profile in the link's class. */
export const ZStudentSkillProfile = z.object({ skills: z.array(ZSkillProfileSkill) });
export type StudentSkillProfile = z.infer<typeof ZStudentSkillProfile>;

/** `GET /api/classes/:id/skill-profile`: every student of the class (by name), the skills as columns. */
export const ZClassSkillProfileResponse = z.object({
  skills: z.array(z.object({ key: z.string(), name: z.string(), max_score: count })),
  students: z.array(
    z.object({
      student_id: z.guid({ error: 'Ungültige Nutzer-ID' }),
      first_name: z.string(),
      last_name: z.string(),
      skills: z.array(ZSkillProfileSkill),
    }),
  ),
});
export type ClassSkillProfileResponse = z.infer<typeof ZClassSkillProfileResponse>;

/** A skill name as teachers retype it: case, spacing and Unicode forms do not make another skill. */
export const normalizedSkillName = (name: string): string =>
  name.normalize('NFKC').toLocaleLowerCase('de').replace(/\s+/g, ' ').trim();

/** The profile's key of a skill: its normalised name and maximum. */
export const skillKey = (name: string, maxScore: number): string =>
  `${normalizedSkillName(name)}|${maxScore}`;

/** One handed-back task of a student: its skills as released. */
export interface ProfileEntry {
  task_id: string;
  task_title: string;
  date: string;
  skills: ReadonlyArray<{ name: string; maxScore: number; score: number }>;
}

/** Latest against the one before, as shares of their maxima. */
export function skillTrend(
  points: readonly Pick<SkillProfilePoint, 'score' | 'max_score'>[],
): SkillTrend | null {
  if (points.length < 2) return null;
  const share = (p: { score: number; max_score: number }) => (p.max_score > 0 ? p.score / p.max_score : 0);
  const last = share(points[points.length - 1]!);
  const before = share(points[points.length - 2]!);
  return last > before ? 'up' : last < before ? 'down' : 'flat';
}

/** The profile of one student from their handed-back tasks: unscored skills (-1) are left out. */
export function buildSkillProfile(entries: readonly ProfileEntry[]): SkillProfileSkill[] {
  const sorted = [...entries].sort(
    (a, b) => a.date.localeCompare(b.date) || a.task_id.localeCompare(b.task_id),
  );
  const skills = new Map<string, SkillProfileSkill>();
  for (const entry of sorted)
    for (const skill of entry.skills) {
      if (skill.score < 0) continue;
      const key = skillKey(skill.name, skill.maxScore);
      const found = skills.get(key) ?? {
        key,
        name: skill.name.trim(),
        max_score: skill.maxScore,
        points: [],
        trend: null,
      };
      // One point per task: a skill twice in one rubric counts once.
      if (found.points.some((p) => p.task_id === entry.task_id)) continue;
      found.name = skill.name.trim();
      found.points.push({
        task_id: entry.task_id,
        task_title: entry.task_title,
        date: entry.date,
        score: skill.score,
        max_score: skill.maxScore,
      });
      skills.set(key, found);
    }
  return [...skills.values()]
    .map((s) => ({ ...s, trend: skillTrend(s.points) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de') || a.max_score - b.max_score);
}
