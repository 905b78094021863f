import { ZJoinClassRequest, ZJoinClassResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { currentUserId } from '../../../lib/current-user';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { addClassStudent, findOwnClassByToken } from '../classes/service';
import { isOwnStudent } from '../students/service';
import { createMissingSubmissionsForStudent } from '../submissions/service';

/**
 * `POST /api/join_class` (spec §7), called by the teacher's own session on /joinClass (ADR 006): puts one of
 * the teacher's student accounts into the teacher's class with this join token and creates the student's
 * missing submissions. A token of another teacher's class is as invalid as a wrong or rotated one.
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
      const teacherId = currentUserId(request);
      const { student_user_id, p_token } = request.body;
      return app.db.transaction(async (tx) => {
        const classId = await findOwnClassByToken(tx, teacherId, p_token);
        if (!classId) throw new AppError('JOIN_TOKEN_INVALID');
        if (!(await isOwnStudent(tx, teacherId, student_user_id))) throw new AppError('STUDENT_NOT_FOUND');
        const added = await addClassStudent(tx, teacherId, classId, student_user_id);
        const created = await createMissingSubmissionsForStudent(tx, teacherId, student_user_id);
        return {
          message: added ? 'Schüler wurde der Klasse hinzugefügt' : 'Schüler ist bereits in der Klasse',
          class_id: classId,
          created_submissions: created,
        };
      });
    },
  );
};

export default joinClassRoutes;
