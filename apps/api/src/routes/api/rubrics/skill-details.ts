import {
  ZCreateSkillDetailRequest,
  ZDeletedResponse,
  ZIdParams,
  ZListSkillDetailsRequest,
  ZListSkillDetailsResponse,
  ZSkillDetail,
  ZUpdateSkillDetailRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSkillDetail,
  deleteSkillDetail,
  listSkillDetails,
  updateSkillDetail,
} from '../../../domain/rubrics';
import { ctxOf } from '../../context';

/** `/api/skill-details`: the levels of a skill, one or more descriptors per score. */
const skillDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['skill-details'];
  app.get(
    '/api/skill-details',
    {
      schema: {
        tags,
        summary: 'The details of one skill, by score',
        querystring: ZListSkillDetailsRequest,
        response: { 200: ZListSkillDetailsResponse },
      },
    },
    (request) => listSkillDetails(ctxOf(request), request.query.skillId),
  );
  app.post(
    '/api/skill-details',
    {
      schema: {
        tags,
        summary: 'Add a level descriptor (score ≤ the skill’s maxScore, else 400 SCORE_ABOVE_MAX)',
        body: ZCreateSkillDetailRequest,
        response: { 201: ZSkillDetail },
      },
    },
    async (request, reply) => reply.code(201).send(await createSkillDetail(ctxOf(request), request.body)),
  );
  app.patch(
    '/api/skill-details/:id',
    {
      schema: {
        tags,
        summary: 'Change a level descriptor',
        params: ZIdParams,
        body: ZUpdateSkillDetailRequest,
        response: { 200: ZSkillDetail },
      },
    },
    (request) => updateSkillDetail(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/skill-details/:id',
    {
      schema: {
        tags,
        summary: 'Delete a level descriptor',
        params: ZIdParams,
        response: { 200: ZDeletedResponse },
      },
    },
    async (request) => {
      await deleteSkillDetail(ctxOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
};

export default skillDetailRoutes;
