import {
  ZGenerateSkillsRequest,
  ZGenerateSkillsResponse,
  ZSaveGeneratedRubricRequest,
  ZTaskIdParams,
  ZTaskRubric,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateRubric, proposeSkills } from '../../../domain/rubrics';
import { ctxOf } from '../../context';

/**
 * `/api/tasks/:taskId/rubric/generate/…`: the AI's skill generation (PRODUCT.md §4); 503 AI_NOT_CONFIGURED
 * when AI_PROVIDER=none.
 */
const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rubrics'];
  app.post(
    '/api/tasks/:taskId/rubric/generate/skills',
    {
      schema: {
        tags,
        summary: 'Propose skill groups and skills for the task (AI get_skills); stores nothing',
        params: ZTaskIdParams,
        body: ZGenerateSkillsRequest,
        response: { 200: ZGenerateSkillsResponse },
      },
    },
    (request) => proposeSkills(ctxOf(request), request.params.taskId, request.body.cluster_ids),
  );
  app.post(
    '/api/tasks/:taskId/rubric/generate/levels',
    {
      schema: {
        tags,
        summary:
          'Generate the levels of the edited skills (AI get_skill_levels) and save the rubric; replace (default) removes the task’s groups first',
        params: ZTaskIdParams,
        body: ZSaveGeneratedRubricRequest,
        response: { 200: ZTaskRubric },
      },
    },
    (request) => generateRubric(ctxOf(request), request.params.taskId, request.body),
  );
};

export default generationRoutes;
