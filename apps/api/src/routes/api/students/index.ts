import {
  ZCreateStudentRequest,
  ZCreateStudentResponse,
  ZCreateStudentsRequest,
  ZCreateStudentsResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStudent, createStudents } from '../../../domain/students';
import { ctxOf } from '../../context';
import password, { STUDENT_ACCOUNTS_RATE_LIMIT as rateLimit } from './password';

/**
 * Student accounts (PRODUCT.md §7 createStudent; bulk creation from a pasted list) and their passwords
 * (password.ts). Request bodies hold passwords: the logger redacts them, and nothing here logs a body.
 */
const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['students'];

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
      const user = await createStudent(ctxOf(request), request.body);
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
      const { class_id, names } = request.body;
      const students = await createStudents(ctxOf(request), class_id, names);
      // The passwords are shown once: no cache may keep them.
      return reply.code(201).header('cache-control', 'no-store').send({ students });
    },
  );

  await app.register(password);
};

export default studentsRoutes;
