import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { PDFPage } from 'pdf-lib';
import { submissions, tasks } from '../../db/schema';
import { Figures } from '../../lib/pdf/figures';
import {
  drawLine,
  drawQrCode,
  fitLine,
  GREY,
  MARGIN,
  newDocument,
  printable,
  Writer,
  type Fonts,
} from '../../lib/pdf/layout';
import { byName, classMembers } from '../../lib/student-names';
import { requireTask } from '../access';
import { cipherOf, type Ctx } from '../context';
import { createMissingSubmissionsForTask } from '../submissions/missing';
import { prepareFigures, writeDocument } from './content';
import { germanDate, safeFileName } from './layout';

// The worksheet of a task (PRODUCT.md §4 "PDF-Vorlagen"): title, name field, due date, the task content and
// a QR code on every page. Per student, every page of a student's set carries that student's QR code and
// "Seite i/n", so a single scanned page can be matched to its submission. The code holds the submit link
// with the submission's print token: a random secret, never a name or id.

const QR_SIZE = 80;

export interface PdfFile {
  fileName: string;
  bytes: Uint8Array;
}

/** The public submit link of a task, optionally with a submission's print token. */
export function submitLink(publicUrl: string, taskId: string, token?: string): string {
  const base = `${publicUrl.replace(/\/+$/, '')}/submit/${encodeURIComponent(taskId)}`;
  return token ? `${base}?s=${encodeURIComponent(token)}` : base;
}

/** A new print token: 192 random bits, URL-safe. */
const newPrintToken = () => randomBytes(24).toString('base64url');

interface Sheet {
  name: string | null;
  qr: string;
}

/**
 * The print tokens of the task's submissions by student, creating the missing submissions and tokens
 * (first print). Concurrent prints keep the first token: it is only set where still null.
 */
async function printTokens(ctx: Ctx, teacherId: string, taskId: string, classId: string) {
  await createMissingSubmissionsForTask(ctx.db, teacherId, taskId, classId);
  const rows = await ctx.db
    .select({ id: submissions.id, student_id: submissions.student_id, token: submissions.print_token })
    .from(submissions)
    .where(eq(submissions.task_id, taskId));
  const tokens = new Map<string, string>();
  for (const row of rows) {
    if (!row.student_id) continue;
    let token = row.token;
    if (!token) {
      await ctx.db
        .update(submissions)
        .set({ print_token: newPrintToken() })
        .where(and(eq(submissions.id, row.id), isNull(submissions.print_token)));
      const [stored] = await ctx.db
        .select({ token: submissions.print_token })
        .from(submissions)
        .where(eq(submissions.id, row.id));
      token = stored?.token ?? null;
    }
    if (token) tokens.set(row.student_id, token);
  }
  return tokens;
}

/** `GET /api/tasks/:taskId/worksheet.pdf`: one worksheet, or with perStudent one page set per student. */
export async function worksheetPdf(ctx: Ctx, taskId: string, perStudent: boolean): Promise<PdfFile> {
  // One sheet reads the task; sheets per student prepare the hand-ins the scans are matched to.
  const teacherId = await requireTask(ctx, taskId, perStudent ? 'grade' : 'view');
  const [task] = await ctx.db
    .select({
      id: tasks.id,
      title: tasks.title,
      class_id: tasks.class_id,
      due_date: tasks.due_date,
      data: tasks.data,
    })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  if (!task) throw new Error('task vanished after the access check');
  const publicUrl = ctx.services.config.PUBLIC_URL;

  let sheets: Sheet[];
  if (perStudent) {
    const [members, tokens] = await Promise.all([
      classMembers(ctx.db, cipherOf(ctx), task.class_id),
      printTokens(ctx, teacherId, task.id, task.class_id),
    ]);
    sheets = members.sort(byName).flatMap((m) => {
      const token = tokens.get(m.id);
      if (!token) return [];
      const name = `${m.first_name} ${m.last_name}`.trim();
      return [{ name: name || null, qr: submitLink(publicUrl, task.id, token) }];
    });
  } else sheets = [];
  // A class without students (or the plain variant) prints one sheet with an empty name field.
  if (sheets.length === 0) sheets = [{ name: null, qr: submitLink(publicUrl, task.id) }];

  const { doc, fonts } = await newDocument(`Arbeitsblatt: ${task.title}`);
  // Formulas and pictures are made once and drawn on every student's pages by reference.
  const figures = new Figures(doc, fonts);
  await prepareFigures(figures, task.data);
  for (const sheet of sheets) {
    // Drawing is synchronous: let other requests run between two students' sets.
    await new Promise((resolve) => setImmediate(resolve));
    const writer = new Writer(doc, fonts, {
      top: MARGIN + QR_SIZE + 24,
      onPage: (page) => drawHeader(page, fonts, task.title, sheet, task.due_date),
    });
    writer.newPage();
    writeDocument(writer, task.data, figures);
    if (!task.data) writer.text('(Diese Aufgabe hat noch keinen Inhalt.)', { color: GREY });
    // The page marker of the set, now that its length is known.
    writer.pages.forEach((page, i) => {
      const marker = `Seite ${i + 1}/${writer.pages.length}`;
      const size = 9;
      drawLine(
        page,
        fonts,
        marker,
        page.getWidth() - MARGIN - fonts.regular.widthOfTextAtSize(marker, size),
        MARGIN - 20,
        {
          size,
          color: GREY,
        },
      );
      drawLine(
        page,
        fonts,
        fitLine(fonts.regular, size, printable(fonts, task.title), 300),
        MARGIN,
        MARGIN - 20,
        {
          size,
          color: GREY,
        },
      );
    });
  }
  const suffix = perStudent ? ' (pro Schüler)' : '';
  return {
    fileName: `Arbeitsblatt ${safeFileName(task.title)}${suffix}.pdf`,
    bytes: await doc.save(),
  };
}

/** Title, name field, due date and the QR code at the top of every page. */
function drawHeader(page: PDFPage, fonts: Fonts, title: string, sheet: Sheet, due: Date | null) {
  const top = page.getHeight() - MARGIN;
  const width = page.getWidth() - 2 * MARGIN - QR_SIZE - 16;
  drawQrCode(page, sheet.qr, page.getWidth() - MARGIN - QR_SIZE, top - QR_SIZE, QR_SIZE);
  drawLine(page, fonts, fitLine(fonts.bold, 16, printable(fonts, title), width), MARGIN, top - 16, {
    size: 16,
    bold: true,
  });
  drawLine(page, fonts, 'Name:', MARGIN, top - 44, { size: 11, bold: true });
  const fieldX = MARGIN + 42;
  page.drawLine({
    start: { x: fieldX, y: top - 46 },
    end: { x: MARGIN + width, y: top - 46 },
    thickness: 0.6,
  });
  if (sheet.name) {
    drawLine(
      page,
      fonts,
      fitLine(fonts.regular, 12, printable(fonts, sheet.name), width - 50),
      fieldX + 4,
      top - 43,
      {
        size: 12,
      },
    );
  }
  drawLine(page, fonts, `Abgabe bis: ${due ? germanDate(due) : '—'}`, MARGIN, top - 68, {
    size: 10,
    color: GREY,
  });
  page.drawLine({
    start: { x: MARGIN, y: top - QR_SIZE - 10 },
    end: { x: page.getWidth() - MARGIN, y: top - QR_SIZE - 10 },
    thickness: 0.4,
    color: GREY,
  });
}
