import {
  studentLabels,
  submissionWindow,
  UPLOAD_RATE_WINDOW_MS,
  ZStudentUploadFields,
  ZUploadParams,
  ZUploadReceipt,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { profileCipher } from '../../../lib/profile-crypto';
import { classMembers } from '../../../lib/student-names';
import { prepareScratchDir } from '../../../lib/uploads/receive';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { findUploadTask, handleUpload } from './service';

/**
 * `POST /api/submissions/studentupload/:taskId` (public, DESIGN §8): a student hands in photos and PDFs
 * through the task's link, without an account. Registered in the public group (routes/index.ts).
 */
const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['submissions'];
  mapValidationErrors(app, ['TASK_NOT_FOUND']);
  const swept = await prepareScratchDir(app.config.DATA_DIR);
  if (swept > 0) app.log.warn({ swept }, 'liegengebliebene Upload-Dateien aufgeräumt');

  app.post(
    '/api/submissions/studentupload/:taskId',
    {
      config: {
        // Per client IP and task (DESIGN §8); counts every request, refused ones too.
        rateLimit: {
          max: app.config.UPLOAD_RATE_LIMIT,
          timeWindow: UPLOAD_RATE_WINDOW_MS,
          allowList: () => false,
          keyGenerator: (request) => `${request.ip}|${(request.params as { taskId?: string }).taskId ?? ''}`,
          errorResponseBuilder: () => new AppError('UPLOAD_RATE_LIMITED'),
        },
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
    async (request) => {
      const task = await findUploadTask(app.db, request.params.taskId);
      const window = submissionWindow(task);
      if (!window.accepting) throw new AppError('TASK_NOT_ACCEPTING', { reason: window.reason });
      return handleUpload(app, request, task, async (fields) => {
        const parsed = ZStudentUploadFields.safeParse(fields);
        if (!parsed.success) throw new AppError('UPLOAD_NAME_REQUIRED', parsed.error.issues);
        const { studentId, studentName } = parsed.data;
        if (studentId) {
          const members = await classMembers(app.db, profileCipher(app.config), task.class_id);
          if (!members.some((m) => m.id === studentId)) throw new AppError('STUDENT_NOT_FOUND');
          return { studentId, label: studentLabels(members).get(studentId)! };
        }
        return { studentId: null, label: studentName! };
      });
    },
  );
};

export default uploadsRoutes;
