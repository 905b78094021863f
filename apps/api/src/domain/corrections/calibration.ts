import { normalizedSkillName, skillKey } from '@app/contract';
import { and, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AiExample, SkillFeedbackInput } from '../../ai/types';
import type { Executor } from '../../db/client';
import { skillFeedback, skills, submissions } from '../../db/schema';
import type { ProfileCipher } from '../../lib/profile-crypto';
import { namesOf } from '../../lib/student-names';
import { accessible } from '../access';

// Calibration (ADR 025): the teacher's corrections of earlier AI suggestions travel with later corrections as
// examples, so the provider can grade like this teacher. Comparable are corrections of the same skill (a
// group reused by another task keeps its skill ids) or of a skill with the same name and maximum in another
// of the teacher's tasks. Examples name solutions by id; names of the students are cut out of every text.

/** At most this many examples per skill and per request, newest first. */
export const EXAMPLES_PER_SKILL = 3;
export const EXAMPLES_TOTAL = 12;
/** Corrections read per task; enough for the caps after leaving out the submission being corrected. */
const CANDIDATES = 60;
const EXCERPT_CHARS = 300;
const REASON_CHARS = 400;

/** A correction mapped onto a skill of the rubric being corrected; `submission_id` is the corrected one. */
export type CalibrationCandidate = AiExample;

/**
 * The teacher's corrections comparable with the skills of `skillGroups`, newest first: rows of their own
 * submissions whose AI score they changed, or whose AI reason they rewrote.
 */
export async function calibrationCandidates(
  db: Executor,
  cipher: ProfileCipher,
  ownerId: string,
  skillGroups: SkillFeedbackInput['skill_groups'],
): Promise<CalibrationCandidate[]> {
  const targets = skillGroups.flatMap((g) => g.skills);
  if (targets.length === 0) return [];
  const ids = targets.map((s) => s.id);
  const byKey = new Map<string, string>();
  for (const s of targets)
    if (!byKey.has(skillKey(s.name, s.maxScore))) byKey.set(skillKey(s.name, s.maxScore), s.id);
  const names = [...new Set(targets.map((s) => normalizedSkillName(s.name)))];
  const edited = sql`greatest(${skillFeedback.teacher_edited_at}, ${skillFeedback.texts_edited_at})`;
  const scoreChanged: SQL = and(
    isNotNull(skillFeedback.teacher_edited_at),
    sql`${skillFeedback.score} <> ${skillFeedback.ai_score}`,
  )!;
  const reasonRewritten: SQL = and(
    isNotNull(skillFeedback.texts_edited_at),
    sql`${skillFeedback.reason} <> coalesce(${skillFeedback.ai_reason}, '')`,
  )!;
  const rows = await db
    .select({
      skill_id: skillFeedback.skill_id,
      submission_id: skillFeedback.submission_id,
      score: skillFeedback.score,
      ai_score: skillFeedback.ai_score,
      reason: skillFeedback.reason,
      texts_edited_at: skillFeedback.texts_edited_at,
      proof: skillFeedback.proof,
      solution: submissions.solution,
      student_id: submissions.student_id,
      name: skills.name,
      maxScore: skills.maxScore,
    })
    .from(skillFeedback)
    .innerJoin(submissions, eq(submissions.id, skillFeedback.submission_id))
    .innerJoin(skills, eq(skills.id, skillFeedback.skill_id))
    .where(
      and(
        accessible.submissions('grade', ownerId),
        isNotNull(skillFeedback.ai_score),
        sql`${skillFeedback.ai_score} >= 0`,
        sql`${skillFeedback.score} >= 0`,
        or(scoreChanged, reasonRewritten),
        or(
          inArray(skillFeedback.skill_id, ids),
          inArray(sql`lower(regexp_replace(btrim(${skills.name}), '\\s+', ' ', 'g'))`, names),
        ),
      ),
    )
    .orderBy(desc(edited), desc(skillFeedback.id))
    .limit(CANDIDATES);

  const studentIds = [...new Set(rows.flatMap((r) => (r.student_id ? [r.student_id] : [])))];
  const scrub = scrubber(
    [...(await namesOf(db, cipher, studentIds)).values()].flatMap((n) => [n.first_name, n.last_name]),
    studentIds,
  );
  const seen = new Set<string>();
  const candidates: CalibrationCandidate[] = [];
  for (const row of rows) {
    const target = ids.includes(row.skill_id) ? row.skill_id : byKey.get(skillKey(row.name, row.maxScore));
    // Same name, other maximum: the levels mean something else.
    if (!target || row.ai_score === null) continue;
    const key = `${row.submission_id}|${target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const text = row.solution?.trim() ? row.solution : row.proof.join(' … ');
    candidates.push({
      skill_id: target,
      submission_id: row.submission_id,
      excerpt: clip(scrub(text), EXCERPT_CHARS),
      ai_score: row.ai_score,
      teacher_score: row.score,
      teacher_reason: row.texts_edited_at ? clip(scrub(row.reason), REASON_CHARS) : '',
    });
  }
  return candidates;
}

/**
 * The examples for one submission: never its own earlier grading, at most EXAMPLES_PER_SKILL per skill and
 * EXAMPLES_TOTAL in all, newest first.
 */
export function pickExamples(candidates: readonly CalibrationCandidate[], submissionId: string): AiExample[] {
  const perSkill = new Map<string, number>();
  const picked: AiExample[] = [];
  for (const c of candidates) {
    if (picked.length >= EXAMPLES_TOTAL) break;
    if (c.submission_id === submissionId) continue;
    const n = perSkill.get(c.skill_id) ?? 0;
    if (n >= EXAMPLES_PER_SKILL) continue;
    perSkill.set(c.skill_id, n + 1);
    picked.push(c);
  }
  return picked;
}

/** Cuts these names (whole words, any case), account ids and e-mail addresses out of a text. */
export function scrubber(
  names: readonly string[],
  accountIds: readonly string[] = [],
): (text: string) => string {
  const words = [...new Set(names.flatMap((n) => n.split(/[\s-]+/)).filter((w) => w.length >= 2))];
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern =
    words.length > 0
      ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu')
      : null;
  return (text) => {
    let clean = text.replace(/[^\s@<>()]+@[^\s@<>()]+\.\p{L}{2,}/gu, '[E-Mail]');
    for (const id of accountIds) clean = clean.replaceAll(id, '[Konto]');
    return pattern ? clean.replace(pattern, '[Name]') : clean;
  };
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
