import {
  ZLinkSkillGroupRequest,
  ZReorderRequest,
  ZTaskGroupParams,
  ZTaskIdParams,
  ZTaskRubric,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkSkillGroup, reorderTaskGroups, unlinkSkillGroup } from '../../../domain/rubrics';
import { ctxOf } from '../../context';

/** `/api/tasks/:taskId/skill-groups`: which skill groups make up a task's rubric, in which order. */
const taskSkillGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rubrics'];
  app.post(
    '/api/tasks/:taskId/skill-groups',
    {
      schema: {
        tags,
        summary: 'Reuse one of the caller’s skill groups in this task (appended)',
        params: ZTaskIdParams,
        body: ZLinkSkillGroupRequest,
        response: { 200: ZTaskRubric },
      },
    },
    (request) => linkSkillGroup(ctxOf(request), request.params.taskId, request.body.skillGroup_id),
  );
  app.delete(
    '/api/tasks/:taskId/skill-groups/:groupId',
    {
      schema: {
        tags,
        summary: 'Take a group out of the task’s rubric; a group no task uses any more is deleted',
        params: ZTaskGroupParams,
        response: { 200: ZTaskRubric },
      },
    },
    (request) => unlinkSkillGroup(ctxOf(request), request.params.taskId, request.params.groupId),
  );
  app.put(
    '/api/tasks/:taskId/skill-groups/order',
    {
      schema: {
        tags,
        summary: 'Order the task’s groups (exactly its group ids, first to last)',
        params: ZTaskIdParams,
        body: ZReorderRequest,
        response: { 200: ZTaskRubric },
      },
    },
    (request) => reorderTaskGroups(ctxOf(request), request.params.taskId, request.body.ids),
  );
};

export default taskSkillGroupRoutes;
