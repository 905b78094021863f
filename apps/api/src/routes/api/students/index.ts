import {
  ZCreateStudentRequest,
  ZCreateStudentResponse,
  ZCreateStudentsRequest,
  ZCreateStudentsResponse,
  ZMessageResponse,
  ZResetStudentPasswordRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserId } from '../../../lib/current-user';
import { assertOwnsClass } from '../classes/service';
import { createStudent, createStudents, resetStudentPassword } from './service';

/**
 * Student accounts (spec §7 createStudent, reset_student_pw; bulk creation from a pasted list). Request
 * bodies hold passwords: the logger redacts them, and nothing here logs a body.
 */
const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['students'];
  // Each account costs a bcrypt hash; a teacher creates a class or two at a time, not thousands.
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  app.post(
    '/api/createStudent',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Create a student account in one of the caller’s classes',
        body: ZCreateStudentRequest,
        response: { 201: ZCreateStudentResponse },
      },
    },
    async (request, reply) => {
      const teacherId = currentUserId(request);
      await assertOwnsClass(app.db, teacherId, request.body.class_id);
      const user = await createStudent(app, request.log, teacherId, request.body);
      request.log.info({ studentId: user.id, classId: request.body.class_id }, 'student account created');
      return reply
        .code(201)
        .send({ message: 'Schüler wurde erstellt', user: { id: user.id, email: user.email } });
    },
  );

  app.post(
    '/api/createStudents',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Create one student account per name, with generated logins shown once',
        body: ZCreateStudentsRequest,
        response: { 201: ZCreateStudentsResponse },
      },
    },
    async (request, reply) => {
      const teacherId = currentUserId(request);
      const { class_id, names } = request.body;
      await assertOwnsClass(app.db, teacherId, class_id);
      const students = await createStudents(app, request.log, teacherId, class_id, names);
      request.log.info({ classId: class_id, count: students.length }, 'student accounts created');
      // The passwords are shown once: no cache may keep them.
      return reply.code(201).header('cache-control', 'no-store').send({ students });
    },
  );

  app.post(
    '/api/reset_student_pw',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Set a new password for a student of the caller’s classes',
        body: ZResetStudentPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      const teacherId = currentUserId(request);
      await resetStudentPassword(app, teacherId, request.body.user_id, request.body.new_password);
      request.log.info({ studentId: request.body.user_id }, 'student password reset');
      return { message: 'Das Passwort wurde zurückgesetzt' };
    },
  );
};

export default studentsRoutes;
