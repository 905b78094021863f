import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tasks } from '../../../db/schema';

// Deleting a task or a class removes its files' rows by cascade in the database; the stored objects are not
// the database's business. Stored keys start with the task id (`<taskId>/…`, lib/uploads), so once such a
// delete has succeeded, everything under those task ids goes too — also a file whose upload finished while
// the delete ran. Task ids of a class are collected before the delete (afterwards the cascade has taken
// them). Registered on the teacher scope by routes/index.ts, around the routes of tasks/ and classes/.

const pending = new WeakMap<FastifyRequest, string[]>();

export function removeFilesOfDeletedTasks(scope: FastifyInstance): void {
  scope.addHook('preHandler', async (request) => {
    if (request.method !== 'DELETE' || !request.user) return;
    const { id } = request.params as { id?: string };
    if (!id) return;
    const route = request.routeOptions.url;
    if (route === '/api/tasks/:id') pending.set(request, [id]);
    if (route === '/api/classes/:id') {
      const rows = await scope.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.class_id, id), eq(tasks.created_by, request.user.id)));
      pending.set(
        request,
        rows.map((r) => r.id),
      );
    }
  });

  // onSend: after the handler's delete has committed, before the answer leaves.
  scope.addHook('onSend', async (request, reply, payload) => {
    const taskIds = pending.get(request);
    if (!taskIds || reply.statusCode >= 300) return payload;
    pending.delete(request);
    await Promise.all(
      taskIds.map((taskId) =>
        scope.storage
          .deletePrefix(`${taskId}/`)
          .catch((err: unknown) => request.log.error({ err, taskId }, 'Dateien der Aufgabe nicht gelöscht')),
      ),
    );
    return payload;
  });
}
