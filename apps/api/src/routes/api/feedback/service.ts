import {
  displayStatus,
  feedbackLinkPath,
  groupScore,
  maxScoreSum,
  newId,
  scoreForDisplay,
  UNSCORED,
  type FeedbackGroup,
  type FeedbackLinkResponse,
  type GradingGroup,
  type GradingResponse,
  type GradingSkillFeedback,
  type ReleasedFeedback,
  type SubmissionStatus,
  type TaskData,
  type TaskRubric,
} from '@app/contract';
import { and, asc, eq, exists, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../../db/client';
import {
  skillFeedback,
  skillGroupFeedback,
  skillGroups,
  skills,
  submissionFiles,
  submissions,
  taskXSkillGroup,
  tasks,
} from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { isoOrNull } from '../../../lib/dates';
import type { ProfileCipher } from '../../../lib/profile-crypto';
import { namesOf } from '../../../lib/student-names';
import { fileColumns } from '../files/service';
import { loadRubric, rubricOfOwnTask } from '../rubrics/service';
import { assertOwnsTask } from '../tasks/ownership';

// Grading (issue 6, DESIGN §5, §7, ADR 010). The AI's feedback job writes suggestion rows (score = ai_score,
// teacher_edited_at null); the teacher's edits set teacher_edited_at, and from then on the stored value is
// final. Ownership: the submission's created_by; anything else answers 404 as if it did not exist.

type SkillRow = typeof skillFeedback.$inferSelect;
type GroupRow = typeof skillGroupFeedback.$inferSelect;

/** Statuses from which a teacher's score turns the submission into `korrigiert` (a running job keeps its own). */
const GRADABLE_STATUSES: SubmissionStatus[] = ['offen', 'abgegeben', 'korrigiert', 'error'];
/** Statuses a scored submission may be handed back from (not while a correction job is still writing). */
const RELEASABLE_STATUSES: SubmissionStatus[] = ['offen', 'abgegeben', 'korrigiert', 'ausgeteilt'];

/** 192 random bits, base64url (32 characters): the secret of a student's feedback link. */
export function newFeedbackToken(): string {
  return randomBytes(24).toString('base64url');
}

export const feedbackUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${feedbackLinkPath(token)}`;

const toSkillFeedback = (row: SkillRow): GradingSkillFeedback => ({
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
});

/** The rubric with this submission's feedback: every skill present, a skill without a row is unscored. */
function gradingGroups(
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

const feedbackRowsOf = (db: Executor, submissionId: string) =>
  Promise.all([
    db.select().from(skillFeedback).where(eq(skillFeedback.submission_id, submissionId)),
    db.select().from(skillGroupFeedback).where(eq(skillGroupFeedback.submission_id, submissionId)),
  ]);

const submissionFilesOf = (db: Executor, submissionId: string) =>
  db
    .select(fileColumns)
    .from(submissionFiles)
    .where(eq(submissionFiles.submission_id, submissionId))
    .orderBy(asc(submissionFiles.uploaded_at), asc(submissionFiles.id));

async function findOwnSubmission(db: Executor, teacherId: string, submissionId: string) {
  const [row] = await db
    .select({
      id: submissions.id,
      task_id: submissions.task_id,
      student_id: submissions.student_id,
      status: submissions.status,
      feedback_token: submissions.feedback_token,
      updated_at: submissions.updated_at,
    })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), eq(submissions.created_by, teacherId)));
  if (!row) throw new AppError('SUBMISSION_NOT_FOUND');
  return row;
}

/**
 * The display form `getAll` gives the submission (displayFeedbackGroups), so that the status here is the
 * status there: per rubric group the stored skill feedback (a skill without a row has none) and the text.
 */
const displayGroups = (groups: GradingGroup[]): FeedbackGroup[] =>
  groups.map((group) => {
    const skill_feedbacks = group.skills.flatMap(({ feedback: f }) =>
      f.id === null
        ? []
        : [
            {
              skill_id: f.skill_id,
              submission_id: f.submission_id,
              score: f.score,
              reason: f.reason,
              proof: f.proof,
              recommendation: f.recommendation,
              created_by: f.created_by,
            },
          ],
    );
    return {
      group_id: group.group_id,
      group_name: group.group_name,
      group_feedback: group.text.feedback,
      score: groupScore(skill_feedbacks),
      skill_feedbacks,
    };
  });

/** `GET /api/feedback/:submissionId`: the grading view of one submission. */
export async function loadGrading(
  db: Executor,
  cipher: ProfileCipher,
  teacherId: string,
  submissionId: string,
  publicUrl: string,
  now: Date = new Date(),
): Promise<GradingResponse> {
  const submission = await findOwnSubmission(db, teacherId, submissionId);
  // The owner check loadRubric would do, so the rubric below is read without a second task query.
  const [task] = await db
    .select({ id: tasks.id, title: tasks.title, class_id: tasks.class_id })
    .from(tasks)
    .where(and(eq(tasks.id, submission.task_id), eq(tasks.created_by, teacherId)));
  if (!task) throw new AppError('SUBMISSION_NOT_FOUND');
  const [rubric, files, [skillRows, groupRows], names] = await Promise.all([
    rubricOfOwnTask(db, teacherId, task.id),
    submissionFilesOf(db, submission.id),
    feedbackRowsOf(db, submission.id),
    namesOf(db, cipher, submission.student_id ? [submission.student_id] : []),
  ]);
  const groups = gradingGroups(rubric, submission.id, skillRows, groupRows);
  const display = displayGroups(groups);
  const score = scoreForDisplay(display);
  const name = (submission.student_id && names.get(submission.student_id)) || {
    first_name: '',
    last_name: '',
  };
  return {
    submission: {
      id: submission.id,
      task_id: submission.task_id,
      status: submission.status,
      display_status: displayStatus(
        {
          id: submission.id,
          status: submission.status,
          score,
          files,
          feedback: display,
          updated_at: submission.updated_at,
        },
        now,
      ),
      name,
      files,
      score,
      max_score: groups.reduce((sum, g) => sum + g.max_score, 0),
      feedback_url:
        submission.status === 'ausgeteilt' && submission.feedback_token
          ? feedbackUrl(publicUrl, submission.feedback_token)
          : null,
      updated_at: submission.updated_at.toISOString(),
    },
    task,
    groups,
  };
}

/**
 * The feedback groups of many submissions in the display form of spec §3, for `getAll`: the rubric groups of
 * each submission's task in order, each with its stored skill feedback (a group nobody wrote to has none, so
 * a stuck correction shows as incomplete). Three queries whatever the number of submissions or tasks.
 * `scope` selects submissions (a condition on the submissions table).
 */
export async function displayFeedbackGroups(
  db: Executor,
  teacherId: string,
  scope: SQL | undefined,
  rows: ReadonlyArray<{ id: string; task_id: string }>,
): Promise<Map<string, FeedbackGroup[]>> {
  const result = new Map<string, FeedbackGroup[]>();
  if (rows.length === 0) return result;
  const taskIds = [...new Set(rows.map((r) => r.task_id))];
  const [groupRows, skillRows, textRows] = await Promise.all([
    db
      .select({ task_id: taskXSkillGroup.task_id, id: skillGroups.id, name: skillGroups.name })
      .from(taskXSkillGroup)
      .innerJoin(skillGroups, eq(skillGroups.id, taskXSkillGroup.skillGroup_id))
      .where(and(inArray(taskXSkillGroup.task_id, taskIds), eq(skillGroups.created_by, teacherId)))
      .orderBy(asc(taskXSkillGroup.position), asc(taskXSkillGroup.created_at), asc(skillGroups.id)),
    db
      .select({
        skill_id: skillFeedback.skill_id,
        submission_id: skillFeedback.submission_id,
        score: skillFeedback.score,
        reason: skillFeedback.reason,
        proof: skillFeedback.proof,
        recommendation: skillFeedback.recommendation,
        created_by: skillFeedback.created_by,
        group_id: skills.group_id,
      })
      .from(skillFeedback)
      .innerJoin(submissions, eq(submissions.id, skillFeedback.submission_id))
      .innerJoin(skills, eq(skills.id, skillFeedback.skill_id))
      .where(scope)
      .orderBy(asc(skills.position), asc(skills.created_at), asc(skills.id)),
    db
      .select({
        group_id: skillGroupFeedback.skillGroup_id,
        submission_id: skillGroupFeedback.submission_id,
        feedback: skillGroupFeedback.feedback,
      })
      .from(skillGroupFeedback)
      .innerJoin(submissions, eq(submissions.id, skillGroupFeedback.submission_id))
      .where(scope),
  ]);
  const groupsOfTask = new Map<string, Array<{ id: string; name: string }>>();
  for (const g of groupRows) {
    const list = groupsOfTask.get(g.task_id) ?? [];
    list.push({ id: g.id, name: g.name });
    groupsOfTask.set(g.task_id, list);
  }
  const key = (submissionId: string, groupId: string) => `${submissionId}|${groupId}`;
  const skillsOf = new Map<string, FeedbackGroup['skill_feedbacks']>();
  for (const { group_id, ...row } of skillRows) {
    const list = skillsOf.get(key(row.submission_id, group_id)) ?? [];
    list.push(row);
    skillsOf.set(key(row.submission_id, group_id), list);
  }
  const textOf = new Map(textRows.map((t) => [key(t.submission_id, t.group_id), t.feedback]));
  for (const row of rows) {
    result.set(
      row.id,
      (groupsOfTask.get(row.task_id) ?? []).map((group) => {
        const skill_feedbacks = skillsOf.get(key(row.id, group.id)) ?? [];
        return {
          group_id: group.id,
          group_name: group.name,
          group_feedback: textOf.get(key(row.id, group.id)) ?? '',
          score: groupScore(skill_feedbacks),
          skill_feedbacks,
        };
      }),
    );
  }
  return result;
}

/** A skill of the submission's task rubric (its maxScore), or 404 SKILL_NOT_FOUND. */
async function rubricSkill(db: Executor, teacherId: string, taskId: string, skillId: string) {
  const [row] = await db
    .select({ id: skills.id, maxScore: skills.maxScore })
    .from(skills)
    .innerJoin(taskXSkillGroup, eq(taskXSkillGroup.skillGroup_id, skills.group_id))
    .where(
      and(eq(skills.id, skillId), eq(skills.created_by, teacherId), eq(taskXSkillGroup.task_id, taskId)),
    );
  if (!row) throw new AppError('SKILL_NOT_FOUND');
  return row;
}

/** A teacher's score makes a hand-in `korrigiert` (unless a correction job is running or it was handed back). */
async function markGraded(db: Executor, submissionId: string) {
  await db
    .update(submissions)
    .set({ status: 'korrigiert', correction_error: null, updated_at: sql`now()` })
    .where(and(eq(submissions.id, submissionId), inArray(submissions.status, GRADABLE_STATUSES)));
}

/**
 * `PUT /api/feedback/:submissionId/skills/:skillId`: the teacher's score (0..maxScore, or -1) is stored as
 * final; the AI's suggestion stays in `ai_score`. Returns the row and the score it replaced.
 */
export async function setSkillScore(
  db: Executor,
  teacherId: string,
  submissionId: string,
  skillId: string,
  score: number,
): Promise<{ feedback: GradingSkillFeedback; previous: number }> {
  return db.transaction(async (tx) => {
    const submission = await findOwnSubmission(tx, teacherId, submissionId);
    const skill = await rubricSkill(tx, teacherId, submission.task_id, skillId);
    if (score > skill.maxScore) throw new AppError('SCORE_ABOVE_MAX');
    const [before] = await tx
      .select({ score: skillFeedback.score })
      .from(skillFeedback)
      .where(and(eq(skillFeedback.skill_id, skillId), eq(skillFeedback.submission_id, submissionId)));
    const [row] = await tx
      .insert(skillFeedback)
      .values({
        id: newId(),
        skill_id: skillId,
        submission_id: submissionId,
        score,
        teacher_edited_at: sql`now()`,
        created_by: teacherId,
      })
      .onConflictDoUpdate({
        target: [skillFeedback.skill_id, skillFeedback.submission_id],
        set: { score, teacher_edited_at: sql`now()`, updated_at: sql`now()` },
      })
      .returning();
    if (score >= 0) await markGraded(tx, submissionId);
    else
      await tx
        .update(submissions)
        .set({ updated_at: sql`now()` })
        .where(eq(submissions.id, submissionId));
    return { feedback: toSkillFeedback(row!), previous: before?.score ?? UNSCORED };
  });
}

/** `PUT /api/feedback/:submissionId/groups/:groupId`: the teacher's text for a skill group, kept as final. */
export async function setGroupFeedback(
  db: Executor,
  teacherId: string,
  submissionId: string,
  groupId: string,
  feedback: string,
) {
  return db.transaction(async (tx) => {
    const submission = await findOwnSubmission(tx, teacherId, submissionId);
    const [group] = await tx
      .select({ id: skillGroups.id })
      .from(taskXSkillGroup)
      .innerJoin(skillGroups, eq(skillGroups.id, taskXSkillGroup.skillGroup_id))
      .where(
        and(
          eq(taskXSkillGroup.task_id, submission.task_id),
          eq(skillGroups.id, groupId),
          eq(skillGroups.created_by, teacherId),
        ),
      );
    if (!group) throw new AppError('SKILL_GROUP_NOT_FOUND');
    const [row] = await tx
      .insert(skillGroupFeedback)
      .values({
        id: newId(),
        skillGroup_id: groupId,
        submission_id: submissionId,
        feedback,
        teacher_edited_at: sql`now()`,
        created_by: teacherId,
      })
      .onConflictDoUpdate({
        target: [skillGroupFeedback.skillGroup_id, skillGroupFeedback.submission_id],
        set: { feedback, teacher_edited_at: sql`now()`, updated_at: sql`now()` },
      })
      .returning();
    await tx
      .update(submissions)
      .set({ updated_at: sql`now()` })
      .where(eq(submissions.id, submissionId));
    return {
      group_id: row!.skillGroup_id,
      submission_id: row!.submission_id,
      feedback: row!.feedback,
      ai_feedback: row!.ai_feedback,
      teacher_edited_at: isoOrNull(row!.teacher_edited_at),
    };
  });
}

/** `DELETE /api/feedback/:submissionId/skills/:skillId`: that skill's feedback and AI suggestion go. */
export async function deleteSkillFeedback(
  db: Executor,
  teacherId: string,
  submissionId: string,
  skillId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const submission = await findOwnSubmission(tx, teacherId, submissionId);
    await rubricSkill(tx, teacherId, submission.task_id, skillId);
    await tx
      .delete(skillFeedback)
      .where(and(eq(skillFeedback.skill_id, skillId), eq(skillFeedback.submission_id, submissionId)));
    await tx
      .update(submissions)
      .set({ updated_at: sql`now()` })
      .where(eq(submissions.id, submissionId));
  });
}

/**
 * `POST /api/feedback/:submissionId/reset`: every feedback row of the submission (the AI's and the
 * teacher's) is deleted and the status goes back to what its files say (`abgegeben` or `offen`). The
 * feedback token stays, so a printed link works again once the submission is handed back again.
 */
export async function resetFeedback(
  db: Executor,
  teacherId: string,
  submissionId: string,
): Promise<{ submission_id: string; status: SubmissionStatus }> {
  return db.transaction(async (tx) => {
    await findOwnSubmission(tx, teacherId, submissionId);
    await tx.delete(skillFeedback).where(eq(skillFeedback.submission_id, submissionId));
    await tx.delete(skillGroupFeedback).where(eq(skillGroupFeedback.submission_id, submissionId));
    const [row] = await tx
      .update(submissions)
      .set({
        status: sql`case when exists (select 1 from ${submissionFiles} where ${submissionFiles.submission_id} = ${submissions.id}) then 'abgegeben' else 'offen' end`,
        correction_error: null,
        updated_at: sql`now()`,
      })
      .where(eq(submissions.id, submissionId))
      .returning({ status: submissions.status });
    return { submission_id: submissionId, status: row!.status };
  });
}

const hasScore = exists(
  sql`(select 1 from ${skillFeedback} where ${skillFeedback.submission_id} = ${submissions.id} and ${gte(skillFeedback.score, 0)})`,
);

/**
 * "Austeilen": hands back the scored submissions among `ids` (status `ausgeteilt`) and gives each a feedback
 * token unless it has one (a link once given keeps working). Returns the links.
 */
async function release(db: Executor, ids: string[], publicUrl: string): Promise<ReleasedFeedback[]> {
  if (ids.length === 0) return [];
  // One statement for the whole task; a fresh token per row, used only where the row has none yet.
  const pairs = sql.join(
    ids.map((id) => sql`(${id}, ${newFeedbackToken()})`),
    sql`, `,
  );
  const { rows } = await db.execute<{ id: string; token: string }>(sql`
    update ${submissions}
    set status = 'ausgeteilt', feedback_token = coalesce(${submissions.feedback_token}, chosen.token),
      updated_at = now()
    from (values ${pairs}) as chosen(submission_id, token)
    where ${submissions.id} = chosen.submission_id
    returning ${submissions.id} as id, ${submissions.feedback_token} as token`);
  const tokens = new Map(rows.map((row) => [row.id, row.token]));
  // In the order of `ids` (returning has none).
  return ids.map((id) => ({ submission_id: id, feedback_url: feedbackUrl(publicUrl, tokens.get(id)!) }));
}

/** `POST /api/feedback/:submissionId/release`; 409 FEEDBACK_NOT_READY unless scored (and no job running). */
export async function releaseSubmission(
  db: Executor,
  teacherId: string,
  submissionId: string,
  publicUrl: string,
): Promise<ReleasedFeedback[]> {
  return db.transaction(async (tx) => {
    await findOwnSubmission(tx, teacherId, submissionId);
    const [ready] = await tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(
        and(eq(submissions.id, submissionId), inArray(submissions.status, RELEASABLE_STATUSES), hasScore),
      );
    if (!ready) throw new AppError('FEEDBACK_NOT_READY');
    return release(tx, [ready.id], publicUrl);
  });
}

/** `POST /api/feedback/tasks/:taskId/release`: every scored submission of the teacher's task. */
export async function releaseTask(
  db: Executor,
  teacherId: string,
  taskId: string,
  publicUrl: string,
): Promise<ReleasedFeedback[]> {
  return db.transaction(async (tx) => {
    await assertOwnsTask(tx, teacherId, taskId);
    const ready = await tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(
        and(
          eq(submissions.task_id, taskId),
          eq(submissions.created_by, teacherId),
          inArray(submissions.status, RELEASABLE_STATUSES),
          hasScore,
        ),
      )
      .orderBy(asc(submissions.id));
    return release(
      tx,
      ready.map((r) => r.id),
      publicUrl,
    );
  });
}

// ---- The student's feedback link (public) ----------------------------------------------------------------

/** The handed-back submission behind a token; anything else (unknown, reset, not yet released) is 404. */
async function releasedSubmission(db: Executor, token: string) {
  const [row] = await db
    .select({
      id: submissions.id,
      task_id: submissions.task_id,
      student_id: submissions.student_id,
      owner: submissions.created_by,
    })
    .from(submissions)
    .where(and(eq(submissions.feedback_token, token), eq(submissions.status, 'ausgeteilt')));
  if (!row) throw new AppError('FEEDBACK_LINK_NOT_FOUND');
  return row;
}

/** `GET /api/feedback-link/:token`: the student's read-only view. Their first name only, no ids of people. */
export async function loadFeedbackLink(
  db: Executor,
  cipher: ProfileCipher,
  token: string,
): Promise<FeedbackLinkResponse> {
  const submission = await releasedSubmission(db, token);
  const [[task], rubric, files, [skillRows, groupRows], names] = await Promise.all([
    db
      .select({ title: tasks.title, description: tasks.description, data: tasks.data })
      .from(tasks)
      .where(eq(tasks.id, submission.task_id)),
    loadRubric(db, submission.owner, submission.task_id),
    submissionFilesOf(db, submission.id),
    feedbackRowsOf(db, submission.id),
    namesOf(db, cipher, submission.student_id ? [submission.student_id] : []),
  ]);
  if (!task || !rubric) throw new AppError('FEEDBACK_LINK_NOT_FOUND');
  const groups = gradingGroups(rubric, submission.id, skillRows, groupRows).map((group) => ({
    group_id: group.group_id,
    group_name: group.group_name,
    group_feedback: group.text.feedback,
    score: group.score,
    max_score: group.max_score,
    skills: group.skills.map(({ skill, feedback }) => ({
      skill_id: skill.id,
      name: skill.name,
      description: skill.description,
      maxScore: skill.maxScore,
      score: feedback.score,
      level: skill.details.find((d) => d.score === feedback.score)?.value ?? null,
      reason: feedback.reason,
      proof: feedback.proof,
      recommendation: feedback.recommendation,
    })),
  }));
  return {
    task: { title: task.title, description: task.description, data: (task.data as TaskData | null) ?? null },
    student: { first_name: (submission.student_id && names.get(submission.student_id)?.first_name) || '' },
    files: files.map((f) => ({ id: f.id, original_name: f.original_name, mime: f.mime, pages: f.pages })),
    groups,
    score: groups.reduce((sum, g) => sum + g.score, 0),
    max_score: groups.reduce((sum, g) => sum + g.max_score, 0),
  };
}

/** A file of the handed-back submission behind the token, with its storage key; 404 otherwise. */
export async function findFeedbackLinkFile(db: Executor, token: string, fileId: string) {
  const submission = await releasedSubmission(db, token);
  const [row] = await db
    .select({
      id: submissionFiles.id,
      storage_key: submissionFiles.storage_key,
      original_name: submissionFiles.original_name,
      mime: submissionFiles.mime,
      size: submissionFiles.size,
      sha256: submissionFiles.sha256,
      uploaded_at: submissionFiles.uploaded_at,
    })
    .from(submissionFiles)
    .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submission_id, submission.id)));
  if (!row) throw new AppError('FILE_NOT_FOUND');
  return row;
}
