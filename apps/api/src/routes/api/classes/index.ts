import {
  ZClassTeacher,
  ZClassTeacherParams,
  ZListClassTeachersResponse,
  ZShareClassRequest,
  ZUpdateClassTeacherRequest,
  ZClassStudentParams,
  ZClassTokenResponse,
  ZCreateClassRequest,
  ZCreateClassResponse,
  ZDeleteClassResponse,
  ZGetClassResponse,
  ZIdParams,
  ZListClassesResponse,
  ZListClassStudentsResponse,
  ZRemoveClassStudentResponse,
  ZUpdateClassRequest,
  ZUpdateClassResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createClass,
  deleteClass,
  getClass,
  getJoinToken,
  listClasses,
  listClassStudents,
  removeClassStudent,
  rotateJoinToken,
  updateClass,
} from '../../../domain/classes';
import {
  listClassTeachers,
  removeClassTeacher,
  shareClass,
  updateClassTeacher,
} from '../../../domain/classes/teachers';
import { actorId } from '../../../domain/context';
import { exportClassData } from '../../../domain/privacy';
import { dataExportRateLimit } from '../../../lib/data-export-rate-limit';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { sendCachedList } from '../../../plugins/app/list-cache';
import { sendZipExport } from '../../../lib/send-file';
import { ctxOf } from '../../context';

/**
 * `/api/classes` (ARCHITECTURE.md §6) with the class's students and join token: the caller's classes only;
 * anything else is 404 CLASS_NOT_FOUND.
 */
const classesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['classes'];
  mapValidationErrors(app, ['CLASS_FIELDS_MISSING']);

  app.get(
    '/api/classes',
    {
      schema: {
        tags,
        summary: 'The caller’s classes, last changed first',
        response: { 200: ZListClassesResponse },
      },
    },
    (request, reply) => {
      const ctx = ctxOf(request);
      const userId = actorId(ctx);
      const cache = {
        userId,
        key: `classes:${userId}`,
        tables: ['classes', 'class_teachers'],
        schema: ZListClassesResponse,
      };
      sendCachedList(app, reply, cache, () => listClasses(ctx));
    },
  );

  app.post(
    '/api/classes',
    {
      schema: {
        tags,
        summary: 'Create a class (grade, name and subject_id are required)',
        body: ZCreateClassRequest,
        response: { 201: ZCreateClassResponse },
      },
    },
    async (request, reply) => {
      const created = await createClass(ctxOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/classes/:id',
    {
      schema: {
        tags,
        summary: 'One class with the user ids of its students',
        params: ZIdParams,
        response: { 200: ZGetClassResponse },
      },
    },
    (request) => getClass(ctxOf(request), request.params.id),
  );

  app.patch(
    '/api/classes/:id',
    {
      schema: {
        tags,
        summary: 'Change a class',
        params: ZIdParams,
        body: ZUpdateClassRequest,
        response: { 200: ZUpdateClassResponse },
      },
    },
    (request) => updateClass(ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/classes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a class with its tasks; the student accounts stay',
        params: ZIdParams,
        response: { 200: ZDeleteClassResponse },
      },
    },
    async (request) => {
      await deleteClass(ctxOf(request), request.params.id);
      return { id: request.params.id };
    },
  );

  app.get(
    '/api/classes/:id/students',
    {
      schema: {
        tags,
        summary: 'The class’s students with their names, by last name',
        params: ZIdParams,
        response: { 200: ZListClassStudentsResponse },
      },
    },
    (request) => listClassStudents(ctxOf(request), request.params.id),
  );

  app.delete(
    '/api/classes/:id/students/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a student from the class (only the membership; the account stays)',
        params: ZClassStudentParams,
        response: { 200: ZRemoveClassStudentResponse },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      await removeClassStudent(ctxOf(request), id, userId);
      return { class_id: id, user_id: userId };
    },
  );

  app.get(
    '/api/classes/:id/teachers',
    {
      schema: {
        tags,
        summary: 'Who teaches the class: its owner and the colleagues it is shared with',
        params: ZIdParams,
        response: { 200: ZListClassTeachersResponse },
      },
    },
    async (request) => ({ teachers: await listClassTeachers(ctxOf(request), request.params.id) }),
  );

  app.post(
    '/api/classes/:id/teachers',
    {
      // Each try tells whether an address has a teacher account here: keep probing slow.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Invite a colleague (by their account’s e-mail address) to the class with a role',
        params: ZIdParams,
        body: ZShareClassRequest,
        response: { 201: ZClassTeacher },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await shareClass(ctxOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/classes/:id/teachers/:userId',
    {
      schema: {
        tags,
        summary: 'Change a colleague’s role in the class',
        params: ZClassTeacherParams,
        body: ZUpdateClassTeacherRequest,
        response: { 200: ZClassTeacher },
      },
    },
    (request) =>
      updateClassTeacher(ctxOf(request), request.params.id, request.params.userId, request.body.role),
  );

  app.delete(
    '/api/classes/:id/teachers/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a colleague from the class, withdraw an invitation, or leave the class (oneself)',
        params: ZClassTeacherParams,
      },
    },
    async (request, reply) => {
      await removeClassTeacher(ctxOf(request), request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/classes/:id/export',
    {
      config: { rateLimit: dataExportRateLimit },
      schema: {
        tags,
        summary: 'The class’s data as a ZIP: students, tasks, submissions, grading, files (ADR 022)',
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      return sendZipExport(reply, await exportClassData(ctxOf(request), request.params.id));
    },
  );

  app.get(
    '/api/classes/:id/token',
    {
      schema: {
        tags,
        summary: 'The class’s join token (for /showClassToken)',
        params: ZIdParams,
        response: { 200: ZClassTokenResponse },
      },
    },
    async (request) => ({
      class_id: request.params.id,
      join_token: await getJoinToken(ctxOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/classes/:id/token',
    {
      schema: {
        tags,
        summary: 'Replace the join token; the old one stops working',
        params: ZIdParams,
        response: { 200: ZClassTokenResponse },
      },
    },
    async (request) => ({
      class_id: request.params.id,
      join_token: await rotateJoinToken(ctxOf(request), request.params.id),
    }),
  );
};

export default classesRoutes;
