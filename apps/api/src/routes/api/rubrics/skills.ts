import {
  ZCreateSkillRequest,
  ZDeletedResponse,
  ZIdParams,
  ZRubricSkill,
  ZUpdateSkillRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSkill, deleteSkill, updateSkill } from '../../../domain/rubrics';
import { ctxOf } from '../../context';

/** `/api/skills`: the skills of a skill group. */
const skillRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['skills'];
  app.post(
    '/api/skills',
    {
      schema: {
        tags,
        summary: 'Add a skill to the end of a group',
        body: ZCreateSkillRequest,
        response: { 201: ZRubricSkill },
      },
    },
    async (request, reply) => reply.code(201).send(await createSkill(ctxOf(request), request.body)),
  );
  app.patch(
    '/api/skills/:id',
    {
      schema: {
        tags,
        summary: 'Change a skill (a maxScore below an existing level: 409 MAX_SCORE_BELOW_DETAILS)',
        params: ZIdParams,
        body: ZUpdateSkillRequest,
        response: { 200: ZRubricSkill },
      },
    },
    (request) => updateSkill(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/skills/:id',
    {
      schema: {
        tags,
        summary: 'Delete a skill with its details',
        params: ZIdParams,
        response: { 200: ZDeletedResponse },
      },
    },
    async (request) => {
      await deleteSkill(ctxOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
};

export default skillRoutes;
