import { ZJoinClassRequest, ZJoinClassResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { joinClass } from '../../../domain/classes';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { ctxOf } from '../../context';

/**
 * `POST /api/join_class` (PRODUCT.md §7), called by the teacher's own session on /joinClass (ADR 006): puts
 * one of the teacher's student accounts into the teacher's class with this join token.
 */
const joinClassRoutes: FastifyPluginAsyncZod = async (app) => {
  mapValidationErrors(app, ['JOIN_TOKEN_INVALID']);

  app.post(
    '/api/join_class',
    {
      // A join token is a short secret: keep guessing slow.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['classes'],
        summary: 'Add a student to the caller’s class with this join token',
        body: ZJoinClassRequest,
        response: { 200: ZJoinClassResponse },
      },
    },
    async (request) => {
      const { student_user_id, p_token } = request.body;
      const joined = await joinClass(ctxOf(request), student_user_id, p_token);
      return {
        message: joined.added ? 'Schüler wurde der Klasse hinzugefügt' : 'Schüler ist bereits in der Klasse',
        class_id: joined.class_id,
        created_submissions: joined.created_submissions,
      };
    },
  );
};

export default joinClassRoutes;
