import { ZClassSkillProfileResponse, ZIdParams } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classSkillProfile } from '../../../domain/grading';
import { ctxOf } from '../../context';

/**
 * `/api/classes/:id/skill-profile` (ADR 025): the skill profile of every student of the caller's class, from
 * the handed-back gradings; another teacher's class is 404 CLASS_NOT_FOUND.
 */
const skillProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/classes/:id/skill-profile',
    {
      schema: {
        tags: ['classes'],
        summary: 'Skill profile of the class: per student the latest level and trend of each skill',
        params: ZIdParams,
        response: { 200: ZClassSkillProfileResponse },
      },
    },
    (request) => classSkillProfile(ctxOf(request), request.params.id),
  );
};

export default skillProfileRoutes;
