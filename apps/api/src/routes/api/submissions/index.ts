import {
  ZCreateMissingSubmissionsRequest,
  ZCreateMissingSubmissionsResponse,
  ZDeleteSubmissionResponse,
  ZListFilesResponse,
  ZListSubmissionsRequest,
  ZListSubmissionsResponse,
  ZMatchSubmissionFileRequest,
  ZMatchSubmissionFileResponse,
  ZSubmissionParams,
  ZUpdateSubmissionStatusRequest,
  ZUpdateSubmissionStatusResponse,
  ZUploadParams,
  ZUploadReceipt,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listTaskFiles } from '../../../domain/files';
import {
  createMissingSubmissions,
  deleteSubmission,
  listSubmissions,
  matchFile,
  teacherUpload,
  unmatchFile,
  updateSubmissionStatus,
} from '../../../domain/submissions';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { uploadBody } from '../../../lib/uploads/receive';
import { ctxOf } from '../../context';

/** The teacher's hand-ins, matching and stack uploads (PRODUCT.md §7). Others' rows are 404. */
const submissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['submissions'];
  mapValidationErrors(app, ['TASK_NOT_FOUND', 'SUBMISSION_NOT_FOUND']);

  app.post(
    '/api/submissions/createmissingsubmissions',
    {
      schema: {
        tags,
        summary: 'Create the missing `offen` submissions of a student of the caller’s classes',
        body: ZCreateMissingSubmissionsRequest,
        response: { 200: ZCreateMissingSubmissionsResponse },
      },
    },
    async (request) => {
      const created = await createMissingSubmissions(ctxOf(request), request.body.student_id);
      return {
        message:
          created === 0
            ? 'Es fehlen keine Abgaben'
            : created === 1
              ? 'Eine fehlende Abgabe wurde angelegt'
              : `${created} fehlende Abgaben wurden angelegt`,
        created,
      };
    },
  );

  app.get(
    '/api/submissions/getAll',
    {
      schema: {
        tags,
        summary: 'The students’ submissions of a task (of every task without taskId) in display form',
        querystring: ZListSubmissionsRequest,
        response: { 200: ZListSubmissionsResponse },
      },
    },
    async (request) => ({ data: await listSubmissions(ctxOf(request), request.query.taskId) }),
  );

  app.get(
    '/api/submissions/studentupload/:taskId',
    {
      schema: {
        tags,
        summary: 'The files of a task that came through the public link',
        params: ZUploadParams,
        response: { 200: ZListFilesResponse },
      },
    },
    async (request) => ({
      files: await listTaskFiles(ctxOf(request), request.params.taskId, { viaLink: true }),
    }),
  );

  app.put(
    '/api/submissions/status',
    {
      schema: {
        tags,
        summary: 'Set a submission’s status (and its recognised text when `solution` is sent)',
        body: ZUpdateSubmissionStatusRequest,
        response: { 200: ZUpdateSubmissionStatusResponse },
      },
    },
    (request) => updateSubmissionStatus(ctxOf(request), request.body),
  );

  app.post(
    '/api/submissions/match',
    {
      schema: {
        tags,
        summary: 'Assign a file of the task to a submission',
        body: ZMatchSubmissionFileRequest,
        response: { 200: ZMatchSubmissionFileResponse },
      },
    },
    async (request) => {
      const { submissionId, fileId } = request.body;
      await matchFile(ctxOf(request), submissionId, fileId);
      return { success: true, error: null };
    },
  );

  app.post(
    '/api/submissions/match/delete',
    {
      schema: {
        tags,
        summary: 'Return a file of a submission to the unmatched files',
        body: ZMatchSubmissionFileRequest,
        response: { 200: ZMatchSubmissionFileResponse },
      },
    },
    async (request) => {
      const { submissionId, fileId } = request.body;
      await unmatchFile(ctxOf(request), submissionId, fileId);
      return { success: true, error: null };
    },
  );

  app.delete(
    '/api/submissions/:id',
    {
      schema: {
        tags,
        summary: 'Delete a hand-in with its files (the student keeps an empty `offen` submission)',
        params: ZSubmissionParams,
        response: { 200: ZDeleteSubmissionResponse },
      },
    },
    async (request) => {
      const replacementId = await deleteSubmission(ctxOf(request), request.params.id);
      return { id: request.params.id, replacement_id: replacementId };
    },
  );

  app.post(
    '/api/submissions/teacherupload/:taskId',
    {
      schema: {
        tags,
        summary: 'Upload a stack of scans or photos for the matching view (multipart: files…, studentId?)',
        description:
          'Same checks as the student upload, any task status. The files stay unmatched unless `studentId` ' +
          '(a student of the task’s class) is sent. A multi-page PDF (a scanned stack) is split: one ' +
          'single-page PDF per page ("scan.pdf – Seite 3"), in order, at most 200 pages (413 beyond).',
        consumes: ['multipart/form-data'],
        params: ZUploadParams,
        response: { 200: ZUploadReceipt },
      },
    },
    (request) => teacherUpload(ctxOf(request), request.params.taskId, uploadBody(request)),
  );
};

export default submissionsRoutes;
