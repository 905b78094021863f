import { ZTaskIdParams, ZTaskRubric } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRubric } from '../../../domain/rubrics';
import { ctxOf } from '../../context';

/** `GET /api/tasks/:taskId/rubric`: the task's rubric as the editor and the grading view show it. */
const taskRubricRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tasks/:taskId/rubric',
    {
      schema: {
        tags: ['rubrics'],
        summary: 'The task’s rubric: groups → skills → details (by score), in order',
        params: ZTaskIdParams,
        response: { 200: ZTaskRubric },
      },
    },
    (request) => getRubric(ctxOf(request), request.params.taskId),
  );
};

export default taskRubricRoutes;
