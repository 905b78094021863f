import { z } from 'zod';
import { ZTimestamp } from './common';
import { ZId } from './ids';

// Printable PDFs of the teacher (PRODUCT.md §4 "PDF-Vorlagen"): the worksheet of a task (one, or one page
// set per student with a QR code), the feedback sheet of a submission and the class overview of a task.

export const PDF_TEMPLATE_NAMES = ['arbeitsblatt', 'feedbackbogen', 'klassenuebersicht'] as const;
export const ZPdfTemplateName = z.enum(PDF_TEMPLATE_NAMES);
export type PdfTemplateName = z.infer<typeof ZPdfTemplateName>;

/** One template of the list. */
export const ZPdfTemplateSummary = z.object({
  name: ZPdfTemplateName,
  title: z.string(),
  description: z.string(),
});
export type PdfTemplateSummary = z.infer<typeof ZPdfTemplateSummary>;

/** One section of a template: what it prints and from which data. */
export const ZPdfTemplateSection = z.object({
  key: z.string(),
  title: z.string(),
  /** What the section prints, in German for the teacher. */
  content: z.string(),
  /** Printed on every page of a page set (header, QR code, page marker) instead of once. */
  every_page: z.boolean(),
});
export type PdfTemplateSection = z.infer<typeof ZPdfTemplateSection>;

/** One template in full: the endpoint that makes it, its options and its sections in print order. */
export const ZPdfTemplateContent = ZPdfTemplateSummary.extend({
  /** The endpoint, with `:taskId` / `:submissionId` placeholders. */
  endpoint: z.string(),
  options: z.array(z.object({ key: z.string(), description: z.string() })),
  page_size: z.literal('A4'),
  sections: z.array(ZPdfTemplateSection),
});
export type PdfTemplateContent = z.infer<typeof ZPdfTemplateContent>;

/**
 * `GET /api/pdf-templates`: without `templateName` the list, with it that template (unknown name: 404
 * PDF_TEMPLATE_NOT_FOUND). Any string is accepted here so that an unknown name answers 404, not 400.
 */
export const ZPdfTemplatesQuery = z.object({ templateName: z.string().max(100).optional() });
export const ZPdfTemplatesResponse = z.union([
  z.object({ templates: z.array(ZPdfTemplateSummary) }),
  z.object({ templateContent: ZPdfTemplateContent }),
]);
export type PdfTemplatesResponse = z.infer<typeof ZPdfTemplatesResponse>;

export const ZPdfTaskParams = z.object({ taskId: ZId });
export const ZPdfSubmissionParams = z.object({ id: ZId });
/** `?perStudent=1`: one page set per student of the task's class, each with its own QR code. */
export const ZWorksheetQuery = z.object({ perStudent: z.enum(['0', '1', 'true', 'false']).optional() });

/**
 * Which grading a feedback sheet prints: `released` (the default) the version the student's feedback link
 * shows while the submission is handed back, `current` the teacher's grading as it is now. A submission that
 * is not handed back prints the current grading either way; the sheet says which it is.
 */
export const FEEDBACK_SHEET_VERSIONS = ['released', 'current'] as const;
export type FeedbackSheetVersion = (typeof FEEDBACK_SHEET_VERSIONS)[number];
export const ZFeedbackSheetQuery = z.object({
  version: z
    .enum(FEEDBACK_SHEET_VERSIONS, {
      message: 'Die Fassung muss „released“ (Stand der Rückgabe) oder „current“ (aktueller Stand) sein.',
    })
    .optional(),
});

// The class export of a task's feedback sheets (PRODUCT.md §4 "PDF-Vorlagen"): a background job that makes
// one sheet per graded submission and joins them into one PDF, or packs one PDF per student into a ZIP.

export const PDF_EXPORT_FORMATS = ['pdf', 'zip'] as const;
export const ZPdfExportFormat = z.enum(PDF_EXPORT_FORMATS, {
  message: 'Das Format muss „pdf“ (ein PDF) oder „zip“ (ein PDF pro Schüler) sein.',
});
export type PdfExportFormat = z.infer<typeof ZPdfExportFormat>;
export const PDF_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type PdfExportStatus = (typeof PDF_EXPORT_STATUSES)[number];

/** `POST /api/tasks/:taskId/pdf-exports`. */
export const ZCreatePdfExportBody = z.object({ format: ZPdfExportFormat }).strict();
export type CreatePdfExportBody = z.infer<typeof ZCreatePdfExportBody>;

/** One export: `done` of `total` sheets made so far; `file_name` once the file can be downloaded. */
export const ZPdfExport = z.object({
  id: ZId,
  task_id: ZId,
  format: ZPdfExportFormat,
  status: z.enum(PDF_EXPORT_STATUSES),
  done: z.number().int(),
  total: z.number().int(),
  /** Why it failed, in German. */
  error: z.string().nullable(),
  file_name: z.string().nullable(),
  created_at: ZTimestamp,
});
export type PdfExport = z.infer<typeof ZPdfExport>;
export const ZPdfExportResponse = z.object({ export: ZPdfExport });
export type PdfExportResponse = z.infer<typeof ZPdfExportResponse>;
export const ZPdfExportParams = z.object({ id: ZId });
