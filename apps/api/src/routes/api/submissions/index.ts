import { ZCreateMissingSubmissionsRequest, ZCreateMissingSubmissionsResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { currentUserId } from '../../../lib/current-user';
import { isStudentOf } from '../classes/service';
import { createMissingSubmissionsForStudent } from './service';

/** Submission routes of issue 4; the submissions issue adds the rest of spec §7 here. */
const submissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['submissions'];

  app.post(
    '/api/submissions/createmissingsubmissions',
    {
      schema: {
        tags,
        summary: 'Create the missing `offen` submissions of a student of the caller’s classes',
        body: ZCreateMissingSubmissionsRequest,
        response: { 200: ZCreateMissingSubmissionsResponse },
      },
    },
    async (request) => {
      const teacherId = currentUserId(request);
      const { student_id } = request.body;
      const created = await app.db.transaction(async (tx) => {
        if (!(await isStudentOf(tx, teacherId, student_id))) throw new AppError('STUDENT_NOT_FOUND');
        return createMissingSubmissionsForStudent(tx, teacherId, student_id);
      });
      return {
        message:
          created === 0
            ? 'Es fehlen keine Abgaben'
            : created === 1
              ? 'Eine fehlende Abgabe wurde angelegt'
              : `${created} fehlende Abgaben wurden angelegt`,
        created,
      };
    },
  );
};

export default submissionsRoutes;
