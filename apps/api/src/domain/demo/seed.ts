import { DEMO_CONTENT, isUnsureSuggestion, newId } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { skillFeedback, skillGroupFeedback, submissionFiles, submissions } from '../../db/schema';
import { createClass } from '../classes';
import { coinBalance } from '../coins';
import type { Ctx } from '../context';
import { releaseSubmission } from '../grading';
import { AI_ACTOR, logScoreChanges } from '../grading/audit';
import { notify } from '../notifications';
import { saveProfile } from '../profiles';
import { saveRubricGroups, type NewRubricGroup } from '../rubrics';
import { createStudentsWithoutLogin } from '../students';
import { createSubject } from '../subjects';
import { createTask, updateTask } from '../tasks';
import {
  attemptOf,
  DEMO_CLASS,
  DEMO_PROFILE,
  DEMO_STUDENTS,
  DEMO_SUBJECT,
  DEMO_TASKS,
  GRADED_RUBRIC,
  OPEN_RUBRIC,
  type DemoRubricGroup,
  type SkillKey,
} from './content';
import {
  evidenceOn,
  groupFeedbackFor,
  HANDED_BACK,
  runsFor,
  suggestionsFor,
  TEACHER_CHANGES,
} from './feedback';
import { demoPage, demoPhotos } from './photos';

// Fills the demo teacher's empty account (ARCHITECTURE.md §4, DEMO=1). Everything is made through the same
// operations a teacher's clicks use — profile, subject, class, students (encrypted names), tasks, rubric,
// hand-back — acting as the demo teacher; only what an AI correction and uploads would have written (files,
// the AI's grading rows, the notification) is written here the way those write it.

const DAY = 24 * 60 * 60 * 1000;

/** Ids the tests and the log line use. */
export interface DemoSeed {
  classId: string;
  taskIds: { graded: string; open: string; draft: string };
  feedbackUrls: string[];
}

/** Saves a task's rubric as the rubric generation saves one; returns the group and skill ids. */
async function createRubric(
  ctx: Ctx,
  taskId: string,
  groups: readonly DemoRubricGroup[],
): Promise<{ groupIds: string[]; skillIds: Map<SkillKey, string> }> {
  const skillIds = new Map<SkillKey, string>();
  const rubric: NewRubricGroup[] = groups.map((group) => ({
    id: newId(),
    name: group.name,
    description: group.description,
    skills: group.skills.map((skill) => {
      const id = newId();
      skillIds.set(skill.key, id);
      return {
        id,
        name: skill.name,
        description: skill.description,
        maxScore: skill.levels.length - 1,
        levels: skill.levels.map((requirements, score) => ({ score, requirements })),
      };
    }),
  }));
  await saveRubricGroups(ctx, taskId, rubric, false);
  return { groupIds: rubric.map((g) => g.id), skillIds };
}

/**
 * 23:59 in Berlin on the day `ms` falls on there: a due date as teachers set it, not the seed's time of day.
 */
export function endOfDayInBerlin(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZoneName: 'longOffset',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  // "GMT+01:00" (or "GMT" at offset 0, never in Berlin): the offset of that day's evening as well.
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  const pad = (value: string) => value.padStart(2, '0');
  const local = `${part('year')}-${pad(part('month'))}-${pad(part('day'))}T23:59:00${offset}`;
  return new Date(local).toISOString();
}

/** Seeds the demo content for `teacherId`, whose account must be empty (resetDemo empties it first). */
export async function seedDemoContent(system: Ctx, teacherId: string): Promise<DemoSeed> {
  const ctx: Ctx = { ...system, actor: { kind: 'user', id: teacherId, role: 'teacher' } };
  const { storage } = ctx.services;
  const handedIn = DEMO_CONTENT.submissions;
  // The photos load (or render) while the database work below runs.
  const photos = demoPhotos();
  photos.catch(() => {});

  const subject = await createSubject(ctx, DEMO_SUBJECT);
  const klass = await createClass(ctx, { ...DEMO_CLASS, subject_id: subject.id });
  const students = await createStudentsWithoutLogin(ctx, klass.id, DEMO_STUDENTS);

  const now = Date.now();
  const graded = await createTask(ctx, {
    ...DEMO_TASKS.graded,
    class_id: klass.id,
    status: 'published',
    due_date: endOfDayInBerlin(now - 3 * DAY),
    feedback_template: null,
    allow_late_submissions: false,
  });
  await updateTask(ctx, graded.id, { status: 'closed' });
  const open = await createTask(ctx, {
    ...DEMO_TASKS.open,
    class_id: klass.id,
    status: 'published',
    due_date: endOfDayInBerlin(now + 7 * DAY),
    feedback_template: null,
    allow_late_submissions: false,
  });
  const draft = await createTask(ctx, {
    ...DEMO_TASKS.draft,
    class_id: klass.id,
    status: 'draft',
    due_date: null,
    feedback_template: null,
    allow_late_submissions: false,
  });
  const rubric = await createRubric(ctx, graded.id, GRADED_RUBRIC);
  await createRubric(ctx, open.id, OPEN_RUBRIC);

  // The graded task's submissions in class-list order; the first `handedIn` students handed in.
  const rows = await ctx.db
    .select({ id: submissions.id, student_id: submissions.student_id })
    .from(submissions)
    .where(eq(submissions.task_id, graded.id));
  const byStudent = new Map(rows.map((r) => [r.student_id, r.id]));
  const handIns = students.slice(0, handedIn).map((s, i) => ({
    index: i,
    submissionId: byStudent.get(s.user_id)!,
    label: s.name,
    uploadedAt: new Date(now - 4 * DAY - (handedIn - i) * 47 * 60 * 1000),
  }));

  // Files as the upload pipeline stores them: under `<taskId>/<id>`, with size and SHA-256.
  const images = await photos;
  const files = await Promise.all(
    handIns.map(async (h) => {
      const bytes = images[h.index]!;
      const id = newId();
      const key = `${graded.id}/${id}`;
      await storage.put(key, Readable.from([bytes]));
      return {
        id,
        task_id: graded.id,
        submission_id: h.submissionId,
        storage_key: key,
        original_name: `IMG_${2040 + h.index}.jpg`,
        mime: 'image/jpeg',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        pages: 1,
        uploaded_at: h.uploadedAt,
        uploader_label: h.label,
      };
    }),
  );

  const skillOf = (key: SkillKey) => rubric.skillIds.get(key)!;
  const correctedAt = new Date(now - 2 * DAY);
  // What a correction with three runs would have stored per skill (ADR 024): the runs, their spread, the
  // evidence with its place on the photo, the quotes as proof; an unsure skill unscored, the median suggested.
  const suggested = handIns.map((h, i) => {
    const { drawn } = demoPage(h.index);
    return Object.entries(suggestionsFor(attemptOf(h.index))).map(([key, f]) => {
      const runs = runsFor(h.index, key as SkillKey, f.score);
      const spread = Math.max(...runs) - Math.min(...runs);
      const evidence = evidenceOn(drawn, f.evidence).map((e) => ({
        quote: e.quote,
        file_id: files[i]!.id,
        page: 1,
        box: e.box,
      }));
      return { key: key as SkillKey, ...f, runs, spread, evidence };
    });
  });
  const unsure = (f: { spread: number }) => isUnsureSuggestion({ ai_spread: f.spread });
  await ctx.db.transaction(async (tx) => {
    await tx.insert(submissionFiles).values(files);
    for (const h of handIns) {
      await tx
        .update(submissions)
        .set({ status: 'korrigiert', uploaded_at: h.uploadedAt, updated_at: correctedAt })
        .where(eq(submissions.id, h.submissionId));
    }
    // The AI's suggestions, stored as the correction job stores them: the value and its original side by side.
    await tx.insert(skillFeedback).values(
      handIns.flatMap((h, i) =>
        suggested[i]!.map((f) => ({
          skill_id: skillOf(f.key),
          submission_id: h.submissionId,
          score: unsure(f) ? -1 : f.score,
          ai_score: f.score,
          ai_runs: f.runs,
          ai_spread: f.spread,
          ai_evidence: f.evidence,
          reason: f.reason,
          ai_reason: f.reason,
          proof: f.evidence.map((e) => e.quote),
          recommendation: f.recommendation,
          ai_recommendation: f.recommendation,
          created_by: teacherId,
          created_at: correctedAt,
          updated_at: correctedAt,
        })),
      ),
    );
    await tx.insert(skillGroupFeedback).values(
      handIns.flatMap((h) =>
        groupFeedbackFor(attemptOf(h.index)).map((feedback, g) => ({
          skillGroup_id: rubric.groupIds[g]!,
          submission_id: h.submissionId,
          feedback,
          ai_feedback: feedback,
          created_by: teacherId,
          created_at: correctedAt,
          updated_at: correctedAt,
        })),
      ),
    );
    // The AI's entries of the change history (ADR 026), as the correction job logs them: an unsure skill
    // stays unscored, which changes no grade.
    for (const [i, h] of handIns.entries()) {
      await logScoreChanges(
        tx,
        h.submissionId,
        AI_ACTOR,
        suggested[i]!.filter((f) => !unsure(f)).map((f) => ({
          skillId: skillOf(f.key),
          from: -1,
          to: f.score,
          at: correctedAt,
        })),
      );
    }
    // The teacher's changes, as the grading page saves them: the AI's original stays in ai_score / ai_reason.
    for (const change of TEACHER_CHANGES) {
      const submissionId = handIns[change.index]!.submissionId;
      const suggestions: Partial<Record<SkillKey, { score: number }>> = suggestionsFor(
        attemptOf(handIns[change.index]!.index),
      );
      await logScoreChanges(tx, submissionId, { kind: 'teacher', id: teacherId }, [
        {
          skillId: skillOf(change.skill),
          from: suggestions[change.skill]?.score ?? -1,
          to: change.score,
          at: new Date(now - DAY),
        },
      ]);
      await tx
        .update(skillFeedback)
        .set({
          score: change.score,
          teacher_edited_at: new Date(now - DAY),
          ...(change.reason
            ? { reason: change.reason, recommendation: '', texts_edited_at: new Date(now - DAY) }
            : {}),
        })
        .where(
          and(
            eq(skillFeedback.submission_id, handIns[change.index]!.submissionId),
            eq(skillFeedback.skill_id, skillOf(change.skill)),
          ),
        );
    }
    await notify(tx, {
      receiver_user_id: teacherId,
      type: 'feedback_done',
      title: 'KI-Korrektur abgeschlossen',
      details: `„${graded.title}“: ${handedIn} Abgaben korrigiert`,
      link_to: `/classes/${klass.id}/tasks/${graded.id}`,
      created_by: null,
    });
  });

  // The balance starts with the starting grant every teacher gets (booked by this first read, ADR 009); the
  // demo's corrections are not charged, so visitors can try the AI with all of it.
  await coinBalance(ctx.db, teacherId);

  const feedbackUrls: string[] = [];
  for (const index of HANDED_BACK) {
    const [released] = await releaseSubmission(ctx, handIns[index]!.submissionId);
    feedbackUrls.push(released!.feedback_url);
  }

  // Last: the profile marks the demo as complete (startDemo seeds again when it is missing).
  await saveProfile(ctx, { meta_data: DEMO_PROFILE });
  return { classId: klass.id, taskIds: { graded: graded.id, open: open.id, draft: draft.id }, feedbackUrls };
}
