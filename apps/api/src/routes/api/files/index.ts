import { ZDeleteFileResponse, ZFileParams, ZListFilesRequest, ZListFilesResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserId } from '../../../lib/current-user';
import { sendStoredFile } from '../../../lib/send-file';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { deleteFile, findOwnFile, listTaskFiles } from './service';

/** `/api/files` (spec §7, DESIGN §8): the uploaded files of the caller's tasks, served to them only. */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['files'];
  mapValidationErrors(app, ['FILE_NOT_FOUND']);

  app.get(
    '/api/files',
    {
      schema: {
        tags,
        summary: 'Every file of one of the caller’s tasks, matched or not, in upload order',
        querystring: ZListFilesRequest,
        response: { 200: ZListFilesResponse },
      },
    },
    async (request) => ({
      files: await listTaskFiles(app.db, currentUserId(request), request.query.taskId),
    }),
  );

  app.get(
    '/api/files/:id/content',
    {
      schema: {
        tags,
        summary: 'The stored bytes of a file (inline, nosniff, private)',
        params: ZFileParams,
      },
    },
    async (request, reply) =>
      sendStoredFile(
        app,
        request,
        reply,
        await findOwnFile(app.db, currentUserId(request), request.params.id),
      ),
  );

  app.delete(
    '/api/files/:id',
    {
      schema: {
        tags,
        summary: 'Delete a file with its stored bytes',
        params: ZFileParams,
        response: { 200: ZDeleteFileResponse },
      },
    },
    async (request) => {
      const key = await deleteFile(app.db, currentUserId(request), request.params.id);
      await app.storage
        .delete(key)
        .catch((err: unknown) => request.log.error({ err, key }, 'Datei nicht aus dem Speicher gelöscht'));
      return { id: request.params.id };
    },
  );
};

export default filesRoutes;
