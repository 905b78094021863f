import {
  ZCreateCriterionRequest,
  ZDeletedResponse,
  ZIdParams,
  ZListCriteriaRequest,
  ZListCriteriaResponse,
  ZRawSourceCriterion,
  ZUpdateCriterionRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCriterion, deleteCriterion, listCriteria, updateCriterion } from '../../../domain/rubrics';
import { ctxOf } from '../../context';

/** `/api/criteria`: the raw source criteria of a skill group. */
const criteriaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['criteria'];
  app.get(
    '/api/criteria',
    {
      schema: {
        tags,
        summary: 'The source criteria of one skill group',
        querystring: ZListCriteriaRequest,
        response: { 200: ZListCriteriaResponse },
      },
    },
    (request) => listCriteria(ctxOf(request), request.query.skillGroupId),
  );
  app.post(
    '/api/criteria',
    {
      schema: {
        tags,
        summary: 'Add a source criterion to a group',
        body: ZCreateCriterionRequest,
        response: { 201: ZRawSourceCriterion },
      },
    },
    async (request, reply) => reply.code(201).send(await createCriterion(ctxOf(request), request.body)),
  );
  app.patch(
    '/api/criteria/:id',
    {
      schema: {
        tags,
        summary: 'Change a source criterion',
        params: ZIdParams,
        body: ZUpdateCriterionRequest,
        response: { 200: ZRawSourceCriterion },
      },
    },
    (request) => updateCriterion(ctxOf(request), request.params.id, request.body.value),
  );
  app.delete(
    '/api/criteria/:id',
    {
      schema: {
        tags,
        summary: 'Delete a source criterion',
        params: ZIdParams,
        response: { 200: ZDeletedResponse },
      },
    },
    async (request) => {
      await deleteCriterion(ctxOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
};

export default criteriaRoutes;
