import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapValidationErrors } from '../../../lib/validation-errors';
import clusters from './clusters';
import criteria from './criteria';
import generation from './generation';
import skillDetails from './skill-details';
import skillGroups from './skill-groups';
import skills from './skills';
import taskRubric from './task-rubric';
import taskSkillGroups from './task-skill-groups';
import templates from './templates';

/**
 * The rubric resources (ARCHITECTURE.md §6): a task's rubric under `/api/tasks/:taskId/…`, `/api/skill-groups`,
 * `/api/skills`, `/api/skill-details`, `/api/criteria`, `/api/clusters` and the library `/api/rubric-templates`. Rows the caller may not use
 * answer the resource's 404 (domain/access.ts).
 */
const rubricRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the registrations below: their routes inherit this error handler.
  mapValidationErrors(app, ['NAME_REQUIRED', 'TASK_ID_MISSING']);
  await app.register(taskRubric);
  await app.register(taskSkillGroups);
  await app.register(generation);
  await app.register(skillGroups);
  await app.register(skills);
  await app.register(skillDetails);
  await app.register(criteria);
  await app.register(clusters);
  await app.register(templates);
};

export default rubricRoutes;
