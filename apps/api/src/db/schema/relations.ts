import { relations } from 'drizzle-orm';
import { classes, classUser } from './classes';
import { skillFeedback, skillGroupFeedback } from './feedback';
import {
  rawSourceCriteria,
  skillDetails,
  skillGroups,
  skills,
  skillXSkillGroup,
  taskXSkillGroup,
} from './rubrics';
import { subjects } from './subjects';
import { submissionFiles, submissions } from './submissions';
import { tasks } from './tasks';

// Relations for drizzle's relational queries (`db.query.tasks.findMany({ with: … })`). They add no SQL;
// the foreign keys live in the table files. Kept in one file so feature files do not import each other
// in a cycle.

export const subjectsRelations = relations(subjects, ({ many }) => ({
  classes: many(classes),
}));

export const classesRelations = relations(classes, ({ one, many }) => ({
  subject: one(subjects, { fields: [classes.subject_id], references: [subjects.id] }),
  students: many(classUser),
  tasks: many(tasks),
}));

export const classUserRelations = relations(classUser, ({ one }) => ({
  class: one(classes, { fields: [classUser.class_id], references: [classes.id] }),
}));

export const tasksRelations = relations(tasks, ({ one, many }) => ({
  class: one(classes, { fields: [tasks.class_id], references: [classes.id] }),
  submissions: many(submissions),
  files: many(submissionFiles),
  skillGroups: many(taskXSkillGroup),
}));

export const submissionsRelations = relations(submissions, ({ one, many }) => ({
  task: one(tasks, { fields: [submissions.task_id], references: [tasks.id] }),
  files: many(submissionFiles),
  skillFeedbacks: many(skillFeedback),
  skillGroupFeedbacks: many(skillGroupFeedback),
}));

export const submissionFilesRelations = relations(submissionFiles, ({ one }) => ({
  task: one(tasks, { fields: [submissionFiles.task_id], references: [tasks.id] }),
  submission: one(submissions, { fields: [submissionFiles.submission_id], references: [submissions.id] }),
}));

export const skillGroupsRelations = relations(skillGroups, ({ many }) => ({
  skills: many(skills),
  criteria: many(rawSourceCriteria),
  tasks: many(taskXSkillGroup),
  members: many(skillXSkillGroup),
}));

export const skillsRelations = relations(skills, ({ one, many }) => ({
  group: one(skillGroups, { fields: [skills.group_id], references: [skillGroups.id] }),
  /** `details` as the contract's ZSkill names the saved descriptors. */
  details: many(skillDetails),
  groups: many(skillXSkillGroup),
}));

export const skillDetailsRelations = relations(skillDetails, ({ one }) => ({
  skill: one(skills, { fields: [skillDetails.skill_id], references: [skills.id] }),
}));

export const rawSourceCriteriaRelations = relations(rawSourceCriteria, ({ one }) => ({
  skillGroup: one(skillGroups, { fields: [rawSourceCriteria.skill_group_id], references: [skillGroups.id] }),
}));

export const taskXSkillGroupRelations = relations(taskXSkillGroup, ({ one }) => ({
  task: one(tasks, { fields: [taskXSkillGroup.task_id], references: [tasks.id] }),
  skillGroup: one(skillGroups, { fields: [taskXSkillGroup.skillGroup_id], references: [skillGroups.id] }),
}));

export const skillXSkillGroupRelations = relations(skillXSkillGroup, ({ one }) => ({
  skill: one(skills, { fields: [skillXSkillGroup.skill_id], references: [skills.id] }),
  group: one(skillGroups, { fields: [skillXSkillGroup.group_id], references: [skillGroups.id] }),
}));

export const skillFeedbackRelations = relations(skillFeedback, ({ one }) => ({
  skill: one(skills, { fields: [skillFeedback.skill_id], references: [skills.id] }),
  submission: one(submissions, { fields: [skillFeedback.submission_id], references: [submissions.id] }),
}));

export const skillGroupFeedbackRelations = relations(skillGroupFeedback, ({ one }) => ({
  skillGroup: one(skillGroups, { fields: [skillGroupFeedback.skillGroup_id], references: [skillGroups.id] }),
  submission: one(submissions, { fields: [skillGroupFeedback.submission_id], references: [submissions.id] }),
}));
