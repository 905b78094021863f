import { ZDeleteFileResponse, ZFileParams, ZListFilesRequest, ZListFilesResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteFile, fileThumbnail, fileToSend, listTaskFiles, thumbnailEtag } from '../../../domain/files';
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
      sendStoredFile(app, request, reply, await fileToSend(ctxOf(request), request.params.id)),
  );

  app.get(
    '/api/files/:id/thumbnail',
    {
      schema: {
        tags,
        summary:
          'A small WebP of the image or of the first PDF page (long side 400 px), kept a day by the browser; an SVG placeholder for a page beyond the drawing limits',
        params: ZFileParams,
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      // A revalidation is answered from the content hash, without rendering.
      const known = request.headers['if-none-match'];
      if (known && known === (await thumbnailEtag(ctx, request.params.id))) return reply.code(304).send();
      const { body, type, etag } = await fileThumbnail(ctx, request.params.id);
      return (
        reply
          .type(type)
          .header('x-content-type-options', 'nosniff')
          // The placeholder for a page beyond the limits only for an hour: the limits may be raised.
          .header('cache-control', `private, max-age=${type === 'image/webp' ? 86400 : 3600}`)
          .header('etag', etag)
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(body)
      );
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
      await deleteFile(ctxOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
};

export default filesRoutes;
