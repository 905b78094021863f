import {
  ZCreatePdfExportBody,
  ZFeedbackSheetQuery,
  ZPdfExportParams,
  ZPdfExportResponse,
  ZPdfSubmissionParams,
  ZPdfTaskParams,
  ZPdfTemplatesQuery,
  ZPdfTemplatesResponse,
  ZWorksheetQuery,
} from '@app/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  classOverviewPdf,
  feedbackSheetPdf,
  getPdfExport,
  pdfExportFile,
  pdfTemplates,
  startPdfExport,
  worksheetPdf,
  type PdfFile,
} from '../../../domain/pdfs';
import { contentDisposition } from '../../../lib/uploads/filename';
import { ctxOf } from '../../context';

/** A made PDF as a download: names and grades inside, so never cached. */
const sendPdf = (reply: FastifyReply, file: PdfFile) =>
  reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(file.bytes));

/**
 * Printable PDFs (PRODUCT.md §4 "PDF-Vorlagen", ARCHITECTURE.md §4): the templates, the worksheet of a task,
 * the feedback sheet of a submission, the class overview of a task and the class export of the feedback
 * sheets. Another teacher's task, submission or export is 404.
 */
const pdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pdfs'];
  // Making a PDF costs CPU: a class's stack a few times a minute is plenty.
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  app.get(
    '/api/pdf-templates',
    {
      schema: {
        tags,
        summary: 'The PDF templates, or one of them with ?templateName=',
        querystring: ZPdfTemplatesQuery,
        response: { 200: ZPdfTemplatesResponse },
      },
    },
    (request) => pdfTemplates(request.query.templateName),
  );

  app.get(
    '/api/tasks/:taskId/worksheet.pdf',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'The worksheet of a task; ?perStudent=1: one page set per student with their own QR code',
        params: ZPdfTaskParams,
        querystring: ZWorksheetQuery,
      },
    },
    async (request, reply) => {
      const perStudent = request.query.perStudent === '1' || request.query.perStudent === 'true';
      return sendPdf(reply, await worksheetPdf(ctxOf(request), request.params.taskId, perStudent));
    },
  );

  app.get(
    '/api/submissions/:id/feedback-sheet.pdf',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'The feedback sheet of a submission: as handed back (what the feedback link shows); ?version=current: the grading as it is now, marked as a draft when not handed back',
        params: ZPdfSubmissionParams,
        querystring: ZFeedbackSheetQuery,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await feedbackSheetPdf(ctxOf(request), request.params.id, request.query.version ?? 'released'),
      ),
  );

  app.get(
    '/api/tasks/:taskId/class-overview.pdf',
    {
      config: { rateLimit },
      schema: { tags, summary: 'The class overview of a task (students × skills)', params: ZPdfTaskParams },
    },
    async (request, reply) => sendPdf(reply, await classOverviewPdf(ctxOf(request), request.params.taskId)),
  );

  // The class export of the feedback sheets: a background job; the web polls its progress.
  app.post(
    '/api/tasks/:taskId/pdf-exports',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'Starts the export of all feedback sheets of a task: one PDF or a ZIP with one PDF per student',
        params: ZPdfTaskParams,
        body: ZCreatePdfExportBody,
        response: { 202: ZPdfExportResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send({ export: await startPdfExport(ctxOf(request), request.params.taskId, request.body.format) }),
  );

  app.get(
    '/api/pdf-exports/:id',
    {
      schema: {
        tags,
        summary: 'An export with its progress (done of total)',
        params: ZPdfExportParams,
        response: { 200: ZPdfExportResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { export: await getPdfExport(ctxOf(request), request.params.id) };
    },
  );

  app.get(
    '/api/pdf-exports/:id/file',
    {
      config: { rateLimit },
      schema: { tags, summary: 'The finished export: the PDF or the ZIP', params: ZPdfExportParams },
    },
    async (request, reply) => {
      const file = await pdfExportFile(ctxOf(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};

export default pdfRoutes;
