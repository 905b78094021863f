import { ZSubmitPageQuery, ZSubmitPageResponse, ZUploadParams } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSubmitPage } from '../../../domain/submissions';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { ctxOf } from '../../context';

/**
 * `GET /api/submit/:taskId` (public): what the submit page of a task needs; `?s=` is the print token of the
 * worksheet whose code opened it.
 */
const submitPageRoutes: FastifyPluginAsyncZod = async (app) => {
  mapValidationErrors(app, ['TASK_NOT_FOUND', 'PRINT_TOKEN_INVALID']);

  app.get(
    '/api/submit/:taskId',
    {
      schema: {
        tags: ['submissions'],
        summary: 'The public submit page of a task',
        params: ZUploadParams,
        querystring: ZSubmitPageQuery,
        response: { 200: ZSubmitPageResponse },
      },
    },
    async (request, reply) => {
      const page = await getSubmitPage(ctxOf(request), request.params.taskId, request.query.s);
      // Names of minors: never in a shared cache.
      reply.header('cache-control', 'private, no-store');
      return page;
    },
  );
};

export default submitPageRoutes;
