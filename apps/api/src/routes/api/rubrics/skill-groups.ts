import {
  ZCreateSkillGroupRequest,
  ZDeletedResponse,
  ZIdParams,
  ZListSkillGroupsResponse,
  ZReorderRequest,
  ZSkillGroupResponse,
  ZUpdateSkillGroupRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSkillGroup,
  deleteSkillGroup,
  getSkillGroup,
  listSkillGroups,
  reorderSkills,
  updateSkillGroup,
} from '../../../domain/rubrics';
import { ctxOf } from '../../context';

/** `/api/skill-groups`: the caller's library of skill groups, reused across tasks. */
const skillGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['skill-groups'];
  app.get(
    '/api/skill-groups',
    {
      schema: {
        tags,
        summary: 'The caller’s skill groups (to reuse), last changed first',
        response: { 200: ZListSkillGroupsResponse },
      },
    },
    (request) => listSkillGroups(ctxOf(request)),
  );
  app.post(
    '/api/skill-groups',
    {
      schema: {
        tags,
        summary: 'Create a skill group (with task_id: appended to that task’s rubric)',
        body: ZCreateSkillGroupRequest,
        response: { 201: ZSkillGroupResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await createSkillGroup(ctxOf(request), request.body)),
  );
  app.get(
    '/api/skill-groups/:id',
    {
      schema: {
        tags,
        summary: 'One skill group with its skills',
        params: ZIdParams,
        response: { 200: ZSkillGroupResponse },
      },
    },
    (request) => getSkillGroup(ctxOf(request), request.params.id),
  );
  app.patch(
    '/api/skill-groups/:id',
    {
      schema: {
        tags,
        summary: 'Rename or describe a skill group',
        params: ZIdParams,
        body: ZUpdateSkillGroupRequest,
        response: { 200: ZSkillGroupResponse },
      },
    },
    (request) => updateSkillGroup(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/skill-groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete a skill group from every task, with its skills and details',
        params: ZIdParams,
        response: { 200: ZDeletedResponse },
      },
    },
    async (request) => {
      await deleteSkillGroup(ctxOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
  app.put(
    '/api/skill-groups/:id/skills/order',
    {
      schema: {
        tags,
        summary: 'Order the group’s skills (exactly its skill ids, first to last)',
        params: ZIdParams,
        body: ZReorderRequest,
        response: { 200: ZSkillGroupResponse },
      },
    },
    (request) => reorderSkills(ctxOf(request), request.params.id, request.body.ids),
  );
};

export default skillGroupRoutes;
