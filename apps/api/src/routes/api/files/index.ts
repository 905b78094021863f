import { ZDeleteFileResponse, ZFileParams, ZListFilesRequest, ZListFilesResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteFile, findFile, listTaskFiles } from '../../../domain/files';
import { sendStoredFile } from '../../../lib/send-file';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { ctxOf } from '../../context';

/** `/api/files` (PRODUCT.md §7, ARCHITECTURE.md §8): the uploaded files of the caller's tasks. */
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
    async (request) => ({ files: await listTaskFiles(ctxOf(request), request.query.taskId) }),
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
      sendStoredFile(app, request, reply, await findFile(ctxOf(request), request.params.id)),
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
      await deleteFile(ctxOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
};

export default filesRoutes;
