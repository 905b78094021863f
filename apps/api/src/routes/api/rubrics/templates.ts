import {
  ZCreateRubricTemplateRequest,
  ZIdParams,
  ZListRubricTemplatesQuery,
  ZListRubricTemplatesResponse,
  ZRubricTemplate,
  ZTaskIdParams,
  ZTaskRubric,
  ZUpdateRubricTemplateRequest,
  ZUseRubricTemplateRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRubricTemplate,
  deleteRubricTemplate,
  getRubricTemplate,
  listRubricTemplates,
  updateRubricTemplate,
  useRubricTemplate,
} from '../../../domain/rubrics';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { ctxOf } from '../../context';

/**
 * The rubric library (ADR 038): `/api/rubric-templates` (the caller's, their school's and the starter
 * templates) and `POST /api/tasks/:taskId/rubric/from-template`, which copies one into a task's rubric.
 */
const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rubrics'];
  mapValidationErrors(app, ['RUBRIC_TEMPLATE_FIELDS_MISSING']);

  app.get(
    '/api/rubric-templates',
    {
      schema: {
        tags,
        summary: 'Templates the caller may use, filtered by subject, grade and words',
        querystring: ZListRubricTemplatesQuery,
        response: { 200: ZListRubricTemplatesResponse },
      },
    },
    async (request) => ({ templates: await listRubricTemplates(ctxOf(request), request.query) }),
  );

  app.get(
    '/api/rubric-templates/:id',
    {
      schema: {
        tags,
        summary: 'One template with its rubric',
        params: ZIdParams,
        response: { 200: ZRubricTemplate },
      },
    },
    (request) => getRubricTemplate(ctxOf(request), request.params.id),
  );

  app.post(
    '/api/rubric-templates',
    {
      schema: {
        tags,
        summary: 'Save a task’s rubric as a template (private or for the caller’s school)',
        body: ZCreateRubricTemplateRequest,
        response: { 201: ZRubricTemplate },
      },
    },
    async (request, reply) => reply.code(201).send(await createRubricTemplate(ctxOf(request), request.body)),
  );

  app.patch(
    '/api/rubric-templates/:id',
    {
      schema: {
        tags,
        summary: 'Change the caller’s own template (title, description, subject, grade, who sees it)',
        params: ZIdParams,
        body: ZUpdateRubricTemplateRequest,
        response: { 200: ZRubricTemplate },
      },
    },
    (request) => updateRubricTemplate(ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/rubric-templates/:id',
    {
      schema: { tags, summary: 'Delete the caller’s own template; copies in tasks stay', params: ZIdParams },
    },
    async (request, reply) => {
      await deleteRubricTemplate(ctxOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/tasks/:taskId/rubric/from-template',
    {
      schema: {
        tags,
        summary: 'Copy a template into the task’s rubric (after its groups, or instead of them with replace)',
        params: ZTaskIdParams,
        body: ZUseRubricTemplateRequest,
        response: { 200: ZTaskRubric },
      },
    },
    (request) => useRubricTemplate(ctxOf(request), request.params.taskId, request.body),
  );
};

export default templateRoutes;
