import { ZUploadParams, ZUploadReceipt } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studentUpload } from '../../../domain/submissions';
import { prepareScratchDir, uploadBody } from '../../../lib/uploads/receive';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { ctxOf } from '../../context';
import { studentUploadRateLimit } from '../../../lib/uploads/rate-limit';

/**
 * `POST /api/submissions/studentupload/:taskId` (public, ARCHITECTURE.md §8): a student hands in photos and
 * PDFs through the task's link, without an account.
 */
const studentUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['submissions'];
  mapValidationErrors(app, ['TASK_NOT_FOUND']);
  const swept = await prepareScratchDir(app.config.DATA_DIR);
  if (swept > 0) app.log.warn({ swept }, 'liegengebliebene Upload-Dateien aufgeräumt');

  app.post(
    '/api/submissions/studentupload/:taskId',
    {
      config: {
        // Per client IP and task (ARCHITECTURE.md §8); counts every request, refused ones too.
        rateLimit: studentUploadRateLimit(app.config.UPLOAD_RATE_LIMIT),
      },
      schema: {
        tags,
        summary: 'Hand in files through the public link (multipart: files…, studentId | studentName)',
        description:
          'multipart/form-data with `files` (repeated, JPEG/PNG/WebP/HEIC/PDF, at most 20 of 20 MB) and ' +
          '`studentId` (picked from GET /api/submit/{taskId}) or `studentName` (typed; the files stay ' +
          'unmatched). Only while the task is published and before its due date unless late submissions ' +
          'are allowed (409 TASK_NOT_ACCEPTING).',
        consumes: ['multipart/form-data'],
        params: ZUploadParams,
        response: { 200: ZUploadReceipt },
      },
    },
    (request) => studentUpload(ctxOf(request), request.params.taskId, uploadBody(request)),
  );
};

export default studentUploadRoutes;
