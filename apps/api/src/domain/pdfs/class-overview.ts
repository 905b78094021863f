import { isScored, groupScore } from '@app/contract';
import { eq } from 'drizzle-orm';
import { PageSizes } from 'pdf-lib';
import { submissions, tasks } from '../../db/schema';
import { fitLine, GREY, MARGIN, newDocument, printable, SHADE, Writer } from '../../lib/pdf/layout';
import { byName, namesOf } from '../../lib/student-names';
import { requireTask } from '../access';
import { cipherOf, type Ctx } from '../context';
import { feedbackRowsOfMany, gradingGroups } from '../grading/rows';
import { rubricOfTask } from '../rubrics';
import { AI_LABEL, unconfirmedAi } from './feedback-sheet';
import { germanDate, safeFileName } from './layout';
import type { PdfFile } from './worksheet';

// The class overview of a task (PRODUCT.md §4 "PDF-Vorlagen"): one row per student, one column per
// skill of the rubric (numbered K1, K2, … with a legend, so long names fit), the total last. Landscape A4;
// a long class continues on the next pages with the header row repeated. "*" marks an unconfirmed AI value.

const ROW = 16;

/** `GET /api/tasks/:taskId/class-overview.pdf`. */
export async function classOverviewPdf(ctx: Ctx, taskId: string): Promise<PdfFile> {
  const viewer = await requireTask(ctx, taskId, 'view');
  const [task] = await ctx.db
    .select({ id: tasks.id, title: tasks.title })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  if (!task) throw new Error('task vanished after the access check');
  const [rubric, subs] = await Promise.all([
    rubricOfTask(ctx.db, viewer, taskId),
    ctx.db
      .select({ id: submissions.id, student_id: submissions.student_id })
      .from(submissions)
      .where(eq(submissions.task_id, taskId)),
  ]);
  const matched = subs.filter((s): s is { id: string; student_id: string } => s.student_id !== null);
  const [[skillRows, groupRows], names] = await Promise.all([
    matched.length > 0
      ? feedbackRowsOfMany(
          ctx.db,
          matched.map((s) => s.id),
        )
      : Promise.resolve([[], []] as const),
    namesOf(
      ctx.db,
      cipherOf(ctx),
      matched.map((s) => s.student_id),
    ),
  ]);
  const skills = rubric.skill_groups.flatMap((g) => g.skills.map((skill) => ({ group: g.name, skill })));
  const maxTotal = skills.reduce((sum, s) => sum + s.skill.maxScore, 0);
  const rows = matched
    .map((s) => {
      const name = names.get(s.student_id)!;
      const groups = gradingGroups(
        rubric,
        s.id,
        skillRows.filter((r) => r.submission_id === s.id),
        groupRows.filter((r) => r.submission_id === s.id),
      );
      const feedback = groups.flatMap((g) => g.skills.map((x) => x.feedback));
      const anyScored = feedback.some((f) => isScored(f.score));
      return {
        name,
        label: `${name.last_name}, ${name.first_name}`.replace(/^, |, $/g, '') || '—',
        cells: feedback.map((f) => (isScored(f.score) ? `${f.score}${unconfirmedAi(f) ? '*' : ''}` : '–')),
        total: anyScored ? `${groupScore(feedback)}/${maxTotal}` : `–/${maxTotal}`,
      };
    })
    .sort((a, b) => byName(a.name, b.name));

  const { doc, fonts } = await newDocument(`Klassenübersicht: ${task.title}`);
  const size: [number, number] = [PageSizes.A4[1], PageSizes.A4[0]];
  const nameWidth = 170;
  const totalWidth = 60;
  const writer = new Writer(doc, fonts, { size });
  const cellWidth = skills.length > 0 ? (writer.contentWidth - nameWidth - totalWidth) / skills.length : 0;
  const fontSize = cellWidth < 24 ? 7 : 9;

  const headerRow = () => {
    writer.ensure(ROW * 2);
    const page = writer.page;
    const y = writer.y - ROW;
    page.drawRectangle({ x: MARGIN, y, width: writer.contentWidth, height: ROW, color: SHADE });
    page.drawText('Name', { x: MARGIN + 4, y: y + 4, size: 9, font: fonts.bold });
    skills.forEach((_, i) =>
      page.drawText(`K${i + 1}`, {
        x: MARGIN + nameWidth + i * cellWidth + 2,
        y: y + 4,
        size: fontSize,
        font: fonts.bold,
      }),
    );
    page.drawText('Summe', {
      x: MARGIN + writer.contentWidth - totalWidth + 4,
      y: y + 4,
      size: 9,
      font: fonts.bold,
    });
    writer.y = y;
  };

  writer.newPage();
  writer.text(`Klassenübersicht: ${task.title}`, { size: 16, bold: true, after: 2 });
  writer.text(`Stand: ${germanDate(new Date())} · ${rows.length} Schüler`, {
    size: 10,
    color: GREY,
    after: 8,
  });
  headerRow();
  for (const row of rows) {
    if (writer.y - ROW < MARGIN + 20) {
      writer.newPage();
      headerRow();
    }
    const page = writer.page;
    const y = writer.y - ROW;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: MARGIN + writer.contentWidth, y },
      thickness: 0.3,
      color: GREY,
    });
    page.drawText(fitLine(fonts.regular, 9, printable(fonts, row.label), nameWidth - 8), {
      x: MARGIN + 4,
      y: y + 4,
      size: 9,
      font: fonts.regular,
    });
    row.cells.forEach((cell, i) =>
      page.drawText(cell, {
        x: MARGIN + nameWidth + i * cellWidth + 2,
        y: y + 4,
        size: fontSize,
        font: fonts.regular,
      }),
    );
    page.drawText(row.total, {
      x: MARGIN + writer.contentWidth - totalWidth + 4,
      y: y + 4,
      size: 9,
      font: fonts.bold,
    });
    writer.y = y;
  }
  if (rows.length === 0) writer.text('Diese Aufgabe hat noch keine Abgaben von Schülern.', { color: GREY });

  writer.gap(12);
  writer.text('Kompetenzen', { size: 11, bold: true, after: 2 });
  skills.forEach((s, i) =>
    writer.text(`K${i + 1}: ${s.skill.name} (${s.group}, max. ${s.skill.maxScore} Punkte)`, { size: 9 }),
  );
  writer.text(`*: ${AI_LABEL}, von der Lehrkraft noch nicht bestätigt; –: nicht bewertet.`, {
    size: 9,
    color: GREY,
  });
  return { fileName: `Klassenübersicht ${safeFileName(task.title)}.pdf`, bytes: await doc.save() };
}
