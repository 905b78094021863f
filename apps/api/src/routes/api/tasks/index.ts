import {
  ZCreateTaskRequest,
  ZCreateTaskResponse,
  ZDeleteTaskResponse,
  ZGetTaskResponse,
  ZListTasksRequest,
  ZListTasksResponse,
  ZTaskParams,
  ZUpdateTaskRequest,
  ZUpdateTaskResponse,
  ZUpdateTaskWithIdRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorId } from '../../../domain/context';
import { createTask, deleteTask, getTask, listTasks, updateTask } from '../../../domain/tasks';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { sendCachedList } from '../../../plugins/app/list-cache';
import { ctxOf } from '../../context';

/** `/api/tasks` (ARCHITECTURE.md §6): the caller's tasks only; anything else is 404 TASK_NOT_FOUND. */
const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tasks'];
  mapValidationErrors(app, [
    'TASK_TITLE_REQUIRED',
    'TASK_ID_MISSING',
    'TASK_DATA_TOO_LARGE',
    'TASK_STATUS_TRANSITION_INVALID',
  ]);

  app.get(
    '/api/tasks',
    {
      schema: {
        tags,
        summary: 'The caller’s tasks (of one class with ?classId=), newest first',
        querystring: ZListTasksRequest,
        response: { 200: ZListTasksResponse },
      },
    },
    (request, reply) => {
      const ctx = ctxOf(request);
      const userId = actorId(ctx);
      const { classId } = request.query;
      // classes too: the class's ownership decides between [] and 404.
      const cache = {
        userId,
        key: `tasks:${userId}:${classId ?? ''}`,
        tables: ['tasks', 'classes', 'class_teachers'],
        schema: ZListTasksResponse,
      };
      sendCachedList(app, reply, cache, () => listTasks(ctx, classId));
    },
  );

  app.post(
    '/api/tasks',
    {
      schema: {
        tags,
        summary: 'Create a task; every student of the class gets an `offen` submission',
        body: ZCreateTaskRequest,
        response: { 201: ZCreateTaskResponse },
      },
    },
    async (request, reply) => {
      const task = await createTask(ctxOf(request), request.body);
      return reply.code(201).send(task);
    },
  );

  app.get(
    '/api/tasks/:id',
    { schema: { tags, summary: 'One task', params: ZTaskParams, response: { 200: ZGetTaskResponse } } },
    (request) => getTask(ctxOf(request), request.params.id),
  );

  app.patch(
    '/api/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Change a task (status: draft → published → closed, closed → published)',
        params: ZTaskParams,
        body: ZUpdateTaskRequest,
        response: { 200: ZUpdateTaskResponse },
      },
    },
    (request) => updateTask(ctxOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/tasks',
    {
      schema: {
        tags,
        summary: 'Change a task named by `id` in the body (400 TASK_ID_MISSING without one)',
        body: ZUpdateTaskWithIdRequest,
        response: { 200: ZUpdateTaskResponse },
      },
    },
    (request) => {
      const { id, ...changes } = request.body;
      return updateTask(ctxOf(request), id, changes);
    },
  );

  app.delete(
    '/api/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a task with its submissions',
        params: ZTaskParams,
        response: { 200: ZDeleteTaskResponse },
      },
    },
    async (request) => {
      await deleteTask(ctxOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
};

export default tasksRoutes;
