import type { FastifyInstance, FastifyRequest } from 'fastify';
import { removeStoredFilesOfTasks, taskIdsOfClass } from '../../../domain/files';
import { ctxOf } from '../../context';

// Deleting a task or a class also deletes the stored files of its tasks (domain/files/cleanup.ts). Registered
// on the teacher scope by routes/index.ts, around the routes of tasks/ and classes/.

const pending = new WeakMap<FastifyRequest, string[]>();

export function removeFilesOfDeletedTasks(scope: FastifyInstance): void {
  scope.addHook('preHandler', async (request) => {
    if (request.method !== 'DELETE' || !request.user) return;
    const { id } = request.params as { id?: string };
    if (!id) return;
    const route = request.routeOptions.url;
    if (route === '/api/tasks/:id') pending.set(request, [id]);
    // Before the delete: afterwards the cascade has taken the class's tasks.
    if (route === '/api/classes/:id') pending.set(request, await taskIdsOfClass(ctxOf(request), id));
  });

  // onSend: after the handler's delete has committed, before the answer leaves.
  scope.addHook('onSend', async (request, reply, payload) => {
    const taskIds = pending.get(request);
    if (!taskIds || reply.statusCode >= 300) return payload;
    pending.delete(request);
    await removeStoredFilesOfTasks(ctxOf(request), taskIds);
    return payload;
  });
}
