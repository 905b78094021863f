import type { PdfExport, PdfExportFormat } from '@app/contract';
import { and, eq, gt, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { fromDrizzle } from 'pg-boss';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { pdfExports, skillFeedback, skillGroupFeedback, submissions, tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { byName, namesOf } from '../../lib/student-names';
import { accessible, requireTask } from '../access';
import { actorId, cipherOf, type Ctx } from '../context';
import { feedbackSheetPdf } from './feedback-sheet';
import { safeFileName } from './layout';

// The class export of a task's feedback sheets (PRODUCT.md §4 "PDF-Vorlagen", ARCHITECTURE.md §7): one
// pg-boss job per export makes the sheet of every graded submission (the same feedbackSheetPdf the single
// download uses, with the teacher's rights), writes its progress to the row after each student, and stores
// one merged PDF or a ZIP with one PDF per student. Each sheet is the single download's default: a handed-back
// submission as its feedback link shows it, any other marked as a draft. A submission without any score or
// group text (and not handed back) has no sheet worth printing and is left out (the web says so). Rows and
// stored files are removed after a day.

export const PDF_EXPORT_QUEUE = 'pdf-export';

export interface PdfExportJobData {
  exportId: string;
}

/** How long an export and its file are kept. */
export const PDF_EXPORT_TTL_MS = 24 * 60 * 60 * 1000;
/** An export not finished after this long was lost with its process (the job's expiry is shorter). */
export const PDF_EXPORT_LOST_MS = 15 * 60 * 1000;

export const PDF_EXPORT_MESSAGES = {
  failed: 'Der Export ist fehlgeschlagen. Bitte versuche es erneut.',
  lost: 'Der Export wurde unterbrochen und ist nicht fertig geworden. Bitte starte ihn erneut.',
} as const;

/** The stored file of an export: under the task's prefix, so deleting the task removes it too. */
const storageKeyOf = (taskId: string, exportId: string) => `${taskId}/pdf-exports/${exportId}`;

type Row = typeof pdfExports.$inferSelect;

const view = (row: Row, now = Date.now()): PdfExport => {
  const lost =
    (row.status === 'queued' || row.status === 'running') &&
    now - row.created_at.getTime() > PDF_EXPORT_LOST_MS;
  return {
    id: row.id,
    task_id: row.task_id,
    format: row.format,
    status: lost ? 'failed' : row.status,
    done: row.done,
    total: row.total,
    error: lost ? PDF_EXPORT_MESSAGES.lost : row.error,
    file_name: row.status === 'done' ? row.file_name : null,
    created_at: row.created_at.toISOString(),
  };
};

/** The task's submissions with a score or a group text, or handed back, sorted by the student's name. */
async function gradedSubmissions(ctx: Ctx, taskId: string) {
  const scored = ctx.db
    .select({ id: skillFeedback.submission_id })
    .from(skillFeedback)
    .where(gte(skillFeedback.score, 0));
  const commented = ctx.db
    .select({ id: skillGroupFeedback.submission_id })
    .from(skillGroupFeedback)
    .where(sql`btrim(${skillGroupFeedback.feedback}) <> ''`);
  const rows = await ctx.db
    .select({ id: submissions.id, student_id: submissions.student_id })
    .from(submissions)
    .where(
      and(
        eq(submissions.task_id, taskId),
        or(
          inArray(submissions.id, scored),
          inArray(submissions.id, commented),
          // Its link shows the handed-back version, even if the grading was emptied since.
          eq(submissions.status, 'ausgeteilt'),
        ),
      ),
    );
  const names = await namesOf(
    ctx.db,
    cipherOf(ctx),
    rows.flatMap((r) => (r.student_id ? [r.student_id] : [])),
  );
  const noName = { first_name: '', last_name: '' };
  return rows
    .map((r) => ({ id: r.id, name: (r.student_id && names.get(r.student_id)) || noName }))
    .sort((a, b) => byName(a.name, b.name) || a.id.localeCompare(b.id));
}

/** `POST /api/tasks/:taskId/pdf-exports`: the export row and its job, in one transaction. */
export async function startPdfExport(ctx: Ctx, taskId: string, format: PdfExportFormat): Promise<PdfExport> {
  const ownerId = await requireTask(ctx, taskId, 'view');
  // The queue starts with the first export of a server without AI; a database that is down is a 503.
  const boss = await ctx.services.startJobs().catch((err: unknown) => {
    throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: err });
  });
  const graded = await gradedSubmissions(ctx, taskId);
  if (graded.length === 0) throw new AppError('PDF_EXPORT_NOTHING_GRADED');
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(pdfExports)
      .values({ task_id: taskId, format, total: graded.length, created_by: ownerId })
      .returning();
    await boss.send(PDF_EXPORT_QUEUE, { exportId: inserted!.id } satisfies PdfExportJobData, {
      db: fromDrizzle(tx, sql),
    });
    return inserted!;
  });
  return view(row);
}

async function ownExport(ctx: Ctx, id: string): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(pdfExports)
    .where(and(eq(pdfExports.id, id), accessible.pdfExports('view', actorId(ctx))));
  if (!row) throw new AppError('PDF_EXPORT_NOT_FOUND');
  return row;
}

/** `GET /api/pdf-exports/:id`. */
export const getPdfExport = async (ctx: Ctx, id: string): Promise<PdfExport> =>
  view(await ownExport(ctx, id));

/** `GET /api/pdf-exports/:id/file`: the stored PDF or ZIP. */
export async function pdfExportFile(
  ctx: Ctx,
  id: string,
): Promise<{ fileName: string; contentType: string; body: Readable }> {
  const row = await ownExport(ctx, id);
  const current = view(row);
  if (current.status === 'failed') throw new AppError('PDF_EXPORT_NOT_FOUND');
  if (current.status !== 'done' || !row.storage_key || !row.file_name)
    throw new AppError('PDF_EXPORT_NOT_READY');
  const body = await ctx.services.storage.get(row.storage_key).catch((err: unknown) => {
    throw new AppError('PDF_EXPORT_NOT_FOUND', undefined, { cause: err });
  });
  return {
    fileName: row.file_name,
    contentType: row.format === 'zip' ? 'application/zip' : 'application/pdf',
    body,
  };
}

/** A name used once per archive: a second "Anna Schmidt" becomes "Anna Schmidt (2)". */
function uniqueNames() {
  const used = new Map<string, number>();
  return (base: string) => {
    const count = (used.get(base.toLowerCase()) ?? 0) + 1;
    used.set(base.toLowerCase(), count);
    return count === 1 ? base : `${base} (${count})`;
  };
}

/**
 * The job: the sheets one by one as the teacher who asked, progress after each, then the file. Failures end
 * the export as `failed` with a German reason; a job that runs again (its process died) starts over.
 */
export async function runPdfExport(ctx: Ctx, exportId: string): Promise<'done' | 'failed' | 'gone'> {
  const [row] = await ctx.db.select().from(pdfExports).where(eq(pdfExports.id, exportId));
  if (!row || row.status === 'done' || row.status === 'failed') return 'gone';
  const asOwner: Ctx = { ...ctx, actor: { kind: 'user', id: row.created_by, role: 'teacher' } };
  try {
    const [task] = await ctx.db.select({ title: tasks.title }).from(tasks).where(eq(tasks.id, row.task_id));
    if (!task) return 'gone';
    // Read again: grading may have changed since the export was asked for.
    const graded = await gradedSubmissions(asOwner, row.task_id);
    await ctx.db
      .update(pdfExports)
      .set({ status: 'running', done: 0, total: graded.length })
      .where(eq(pdfExports.id, exportId));

    const sheets: Array<{ name: string; bytes: Uint8Array }> = [];
    for (const [i, submission] of graded.entries()) {
      // Embedded PGlite answers without I/O: without this, the loop would hold the event loop to the end and
      // no progress request would be answered in between.
      await new Promise((resolve) => setImmediate(resolve));
      const sheet = await feedbackSheetPdf(asOwner, submission.id, 'released');
      const name = `${submission.name.first_name} ${submission.name.last_name}`.trim();
      sheets.push({ name: name || 'Abgabe ohne Namen', bytes: sheet.bytes });
      await ctx.db
        .update(pdfExports)
        .set({ done: i + 1 })
        .where(eq(pdfExports.id, exportId));
    }

    const title = safeFileName(task.title);
    const key = storageKeyOf(row.task_id, exportId);
    let fileName: string;
    if (row.format === 'pdf') {
      fileName = `Feedbackbögen ${title}.pdf`;
      await ctx.services.storage.put(key, Readable.from([Buffer.from(await mergedPdf(task.title, sheets))]));
    } else {
      fileName = `Feedbackbögen ${title}.zip`;
      const zip = new ZipFile();
      const unique = uniqueNames();
      const mtime = new Date();
      for (const sheet of sheets)
        zip.addBuffer(Buffer.from(sheet.bytes), `${unique(safeFileName(sheet.name))}.pdf`, { mtime });
      zip.end();
      await ctx.services.storage.put(key, zip.outputStream as Readable);
    }
    await ctx.db
      .update(pdfExports)
      .set({ status: 'done', storage_key: key, file_name: fileName, finished_at: new Date() })
      .where(eq(pdfExports.id, exportId));
    return 'done';
  } catch (err) {
    ctx.log.warn({ err, exportId }, 'PDF-Export fehlgeschlagen');
    await ctx.db
      .update(pdfExports)
      .set({ status: 'failed', error: PDF_EXPORT_MESSAGES.failed, finished_at: new Date() })
      .where(eq(pdfExports.id, exportId));
    return 'failed';
  }
}

/** All sheets' pages in one document, in the order given. */
async function mergedPdf(title: string, sheets: Array<{ bytes: Uint8Array }>): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  merged.setTitle(`Feedbackbögen: ${title}`);
  merged.setCreator('Klassenzimmer');
  for (const sheet of sheets) {
    const source = await PDFDocument.load(sheet.bytes);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}

/** Removes exports older than a day with their files; a file that cannot be removed is logged. */
export async function removeExpiredPdfExports(ctx: Ctx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - PDF_EXPORT_TTL_MS);
  const expired = await ctx.db
    .select({ id: pdfExports.id, storage_key: pdfExports.storage_key })
    .from(pdfExports)
    .where(lt(pdfExports.created_at, cutoff));
  for (const row of expired) {
    if (!row.storage_key) continue;
    await ctx.services.storage
      .delete(row.storage_key)
      .catch((err: unknown) => ctx.log.error({ err, key: row.storage_key }, 'Export-Datei nicht gelöscht'));
  }
  if (expired.length > 0)
    await ctx.db.delete(pdfExports).where(
      inArray(
        pdfExports.id,
        expired.map((r) => r.id),
      ),
    );
  return expired.length;
}

/** Whether an export of the last minutes still waits or runs (its job must be picked up after a restart). */
export async function pdfExportsPending(ctx: Ctx, now = new Date()): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: pdfExports.id })
    .from(pdfExports)
    .where(
      and(
        inArray(pdfExports.status, ['queued', 'running']),
        gt(pdfExports.created_at, new Date(now.getTime() - PDF_EXPORT_LOST_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
