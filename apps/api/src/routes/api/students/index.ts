import {
  ZCreateStudentRequest,
  ZCreateStudentResponse,
  ZCreateStudentsRequest,
  ZCreateStudentsResponse,
  ZDeleteStudentResponse,
  ZStudentParams,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportStudentData } from '../../../domain/privacy';
import { dataExportRateLimit } from '../../../lib/data-export-rate-limit';
import { createStudent, createStudents, deleteStudent } from '../../../domain/students';
import { sendZipExport } from '../../../lib/send-file';
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

  app.get(
    '/api/students/:id/export',
    {
      config: { rateLimit: dataExportRateLimit },
      schema: {
        tags,
        summary: 'One student’s data as a ZIP (JSON, files, README.txt; ADR 022)',
        params: ZStudentParams,
      },
    },
    async (request, reply) => {
      return sendZipExport(reply, await exportStudentData(ctxOf(request), request.params.id));
    },
  );

  app.delete(
    '/api/students/:id',
    {
      schema: {
        tags,
        summary: 'Delete a student account with everything of theirs (submissions, grading, files; ADR 022)',
        params: ZStudentParams,
        response: { 200: ZDeleteStudentResponse },
      },
    },
    async (request) => {
      const removed = await deleteStudent(ctxOf(request), request.params.id);
      return { user_id: request.params.id, ...removed };
    },
  );

  await app.register(password);
};

export default studentsRoutes;
