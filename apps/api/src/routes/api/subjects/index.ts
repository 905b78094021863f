import {
  ZCreateSubjectRequest,
  ZCreateSubjectResponse,
  ZDeleteSubjectResponse,
  ZGetSubjectResponse,
  ZIdParams,
  ZListSubjectsResponse,
  ZUpdateSubjectRequest,
  ZUpdateSubjectResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorId } from '../../../domain/context';
import {
  createSubject,
  deleteSubject,
  getSubject,
  listSubjects,
  updateSubject,
} from '../../../domain/subjects';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { sendCachedList } from '../../../plugins/app/list-cache';
import { ctxOf } from '../../context';

/** `/api/subjects` (ARCHITECTURE.md §6): the caller's subjects; anything else is 404 SUBJECT_NOT_FOUND. */
const subjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['subjects'];
  mapValidationErrors(app, ['SUBJECT_NAME_REQUIRED']);

  app.get(
    '/api/subjects',
    {
      schema: {
        tags,
        summary: 'The caller’s subjects, last changed first',
        response: { 200: ZListSubjectsResponse },
      },
    },
    (request, reply) => {
      const ctx = ctxOf(request);
      const userId = actorId(ctx);
      const cache = {
        userId,
        key: `subjects:${userId}`,
        tables: ['subjects', 'classes', 'class_teachers'],
        schema: ZListSubjectsResponse,
      };
      sendCachedList(app, reply, cache, () => listSubjects(ctx));
    },
  );

  app.post(
    '/api/subjects',
    {
      schema: {
        tags,
        summary: 'Create a subject',
        body: ZCreateSubjectRequest,
        response: { 201: ZCreateSubjectResponse },
      },
    },
    async (request, reply) => {
      const subject = await createSubject(ctxOf(request), request.body);
      return reply.code(201).send(subject);
    },
  );

  app.get(
    '/api/subjects/:id',
    { schema: { tags, summary: 'One subject', params: ZIdParams, response: { 200: ZGetSubjectResponse } } },
    (request) => getSubject(ctxOf(request), request.params.id),
  );

  app.patch(
    '/api/subjects/:id',
    {
      schema: {
        tags,
        summary: 'Change name or description',
        params: ZIdParams,
        body: ZUpdateSubjectRequest,
        response: { 200: ZUpdateSubjectResponse },
      },
    },
    (request) => updateSubject(ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/subjects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a subject (409 SUBJECT_IN_USE while a class uses it)',
        params: ZIdParams,
        response: { 200: ZDeleteSubjectResponse },
      },
    },
    async (request) => {
      await deleteSubject(ctxOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
};

export default subjectsRoutes;
