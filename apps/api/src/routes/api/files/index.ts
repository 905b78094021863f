import { ZDeleteFileResponse, ZFileParams, ZListFilesRequest, ZListFilesResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StorageObjectNotFound } from '../../../plugins/app/storage';
import { AppError } from '../../../lib/app-error';
import { currentUserId } from '../../../lib/current-user';
import { contentDisposition } from '../../../lib/uploads/filename';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { deleteFile, findOwnFile, listTaskFiles } from './service';

/** Types the browser may show inline; anything else is offered as a download of opaque bytes. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

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
    async (request, reply) => {
      const file = await findOwnFile(app.db, currentUserId(request), request.params.id);
      const inline = INLINE_TYPES.has(file.mime);
      const etag = `"${file.sha256}"`;
      reply
        .header('x-content-type-options', 'nosniff')
        // Student work on shared school computers: kept by no shared cache, revalidated on every use.
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('last-modified', file.uploaded_at.toUTCString())
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', file.original_name),
        );
      // An image opened on its own can run nothing. (Not for PDFs: browsers' PDF viewers do not run sandboxed.)
      if (file.mime !== 'application/pdf')
        reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      let body;
      try {
        body = await app.storage.get(file.storage_key);
      } catch (err) {
        if (!(err instanceof StorageObjectNotFound)) throw err;
        request.log.error({ fileId: file.id, key: file.storage_key }, 'Datei fehlt im Speicher');
        throw new AppError('FILE_NOT_FOUND');
      }
      return reply
        .type(inline ? file.mime : 'application/octet-stream')
        .header('content-length', file.size)
        .send(body);
    },
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
