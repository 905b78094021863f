import {
  feedbackLinkPath,
  groupScore,
  maxScoreSum,
  UNSCORED,
  type GradingGroup,
  type GradingSkillFeedback,
  type SubmissionStatus,
  type TaskRubric,
} from '@app/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { skillFeedback, skillGroupFeedback, submissionFiles, submissions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isoOrNull } from '../../lib/dates';
import { accessible, type Verb } from '../access';
import { actorId, type Ctx } from '../context';
import { fileColumns } from '../files/files';

// What the grading view, the saves and the feedback link share: the submission as the grading sees it, its
// files and feedback rows, and the rubric with that feedback filled in.

export type SkillRow = typeof skillFeedback.$inferSelect;
export type GroupRow = typeof skillGroupFeedback.$inferSelect;

/** The student's feedback link of a handed-back submission. */
export const feedbackUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${feedbackLinkPath(token)}`;

export const toSkillFeedback = (row: SkillRow): GradingSkillFeedback => ({
  id: row.id,
  skill_id: row.skill_id,
  submission_id: row.submission_id,
  score: row.score,
  reason: row.reason,
  proof: row.proof,
  recommendation: row.recommendation,
  created_by: row.created_by,
  ai_score: row.ai_score,
  teacher_edited_at: isoOrNull(row.teacher_edited_at),
  ai_reason: row.ai_reason,
  ai_recommendation: row.ai_recommendation,
  texts_edited_at: isoOrNull(row.texts_edited_at),
  ai_texts_kept: row.ai_texts_kept,
  ai_runs: row.ai_runs,
  ai_spread: row.ai_spread,
  evidence: row.ai_evidence ?? [],
});

const unscored = (skillId: string, submissionId: string): GradingSkillFeedback => ({
  id: null,
  skill_id: skillId,
  submission_id: submissionId,
  score: UNSCORED,
  reason: '',
  proof: [],
  recommendation: '',
  ai_score: null,
  teacher_edited_at: null,
  ai_reason: null,
  ai_recommendation: null,
  texts_edited_at: null,
  ai_texts_kept: false,
  ai_runs: null,
  ai_spread: null,
  evidence: [],
});

/** The rubric with this submission's feedback: every skill present, a skill without a row is unscored. */
export function gradingGroups(
  rubric: TaskRubric,
  submissionId: string,
  skillRows: SkillRow[],
  groupRows: GroupRow[],
): GradingGroup[] {
  const bySkill = new Map(skillRows.map((row) => [row.skill_id, row]));
  const byGroup = new Map(groupRows.map((row) => [row.skillGroup_id, row]));
  return rubric.skill_groups.map((group) => {
    const text = byGroup.get(group.id);
    const skillList = group.skills.map((skill) => {
      const row = bySkill.get(skill.id);
      return { skill, feedback: row ? toSkillFeedback(row) : unscored(skill.id, submissionId) };
    });
    return {
      group_id: group.id,
      group_name: group.name,
      group_description: group.description,
      text: {
        group_id: group.id,
        submission_id: submissionId,
        feedback: text?.feedback ?? '',
        ai_feedback: text?.ai_feedback ?? null,
        teacher_edited_at: isoOrNull(text?.teacher_edited_at ?? null),
      },
      score: groupScore(skillList.map((s) => s.feedback)),
      max_score: maxScoreSum(group.skills),
      skills: skillList,
    };
  });
}

export const feedbackRowsOf = (db: Executor, submissionId: string) => feedbackRowsOfMany(db, [submissionId]);

/** The feedback rows of several submissions (two queries). */
export const feedbackRowsOfMany = (db: Executor, submissionIds: string[]) =>
  Promise.all([
    db.select().from(skillFeedback).where(inArray(skillFeedback.submission_id, submissionIds)),
    db.select().from(skillGroupFeedback).where(inArray(skillGroupFeedback.submission_id, submissionIds)),
  ]);

export const submissionFilesOf = (db: Executor, submissionId: string) =>
  db
    .select(fileColumns)
    .from(submissionFiles)
    .where(eq(submissionFiles.submission_id, submissionId))
    .orderBy(asc(submissionFiles.uploaded_at), asc(submissionFiles.id));

export interface GradedSubmission {
  id: string;
  task_id: string;
  student_id: string | null;
  status: SubmissionStatus;
  feedback_token: string | null;
  updated_at: Date;
}

/** A submission the actor may use for `verb` (access.ts); 404 SUBMISSION_NOT_FOUND otherwise. */
export async function gradedSubmission(
  ctx: Ctx,
  submissionId: string,
  verb: Verb,
): Promise<GradedSubmission> {
  const [row] = await ctx.db
    .select({
      id: submissions.id,
      task_id: submissions.task_id,
      student_id: submissions.student_id,
      status: submissions.status,
      feedback_token: submissions.feedback_token,
      updated_at: submissions.updated_at,
    })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), accessible.submissions(verb, actorId(ctx))));
  if (!row) throw new AppError('SUBMISSION_NOT_FOUND');
  return row;
}
