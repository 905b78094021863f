import { ZMessageResponse, ZResetStudentPasswordRequest } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetStudentPassword } from '../../../domain/students';
import { ctxOf } from '../../context';

/** Each account costs a bcrypt hash; a teacher creates a class or two at a time, not thousands. */
export const STUDENT_ACCOUNTS_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** `POST /api/reset_student_pw` (PRODUCT.md §7): a teacher sets a new password for one of their students. */
const studentPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reset_student_pw',
    {
      config: { rateLimit: STUDENT_ACCOUNTS_RATE_LIMIT },
      schema: {
        tags: ['students'],
        summary: 'Set a new password for a student of the caller’s classes',
        body: ZResetStudentPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await resetStudentPassword(ctxOf(request), request.body.user_id, request.body.new_password);
      return { message: 'Das Passwort wurde zurückgesetzt' };
    },
  );
};

export default studentPasswordRoutes;
