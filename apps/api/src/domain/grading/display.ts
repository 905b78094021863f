import { groupScore, type FeedbackGroup } from '@app/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  skillFeedback,
  skillGroupFeedback,
  skillGroups,
  skills,
  submissions,
  taskXSkillGroup,
} from '../../db/schema';
import { accessible, type Viewer } from '../access';

/**
 * The feedback groups of many submissions in the display form of PRODUCT.md §3, for `getAll`: the rubric groups of
 * each submission's task in order, each with its stored skill feedback (a group nobody wrote to has none, so
 * a stuck correction shows as incomplete). Three queries whatever the number of submissions or tasks.
 * `scope` selects submissions (a condition on the submissions table).
 */
export async function displayFeedbackGroups(
  db: Executor,
  viewer: Viewer,
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
      .where(and(inArray(taskXSkillGroup.task_id, taskIds), accessible.skillGroups('view', viewer)))
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
