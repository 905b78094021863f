import { isScored, sharedSkillTexts, type GradingSkill } from '@app/contract';
import { type Ctx } from '../context';
import { loadGrading } from '../grading';
import {
  BLACK,
  germanDate,
  GREY,
  MARGIN,
  newDocument,
  printable,
  safeFileName,
  SHADE,
  wrap,
  Writer,
  type Fonts,
} from './layout';
import type { PdfFile } from './worksheet';

// The feedback sheet of one submission (PRODUCT.md §4 "PDF-Vorlagen"): per skill group the rubric table
// (skills × levels, the reached level shaded), the scores, the group text and the recommendations. A value
// the AI suggested and the teacher has not confirmed is labelled "KI-Vorschlag" (ARCHITECTURE.md §7: AI
// output is a suggestion until the teacher edits it).

export const AI_LABEL = 'KI-Vorschlag';
const MAX_CELL_LINES = 30;

/** An AI score nobody confirmed: stored by the correction job, not edited by the teacher since. */
export const unconfirmedAi = (f: GradingSkill['feedback']) =>
  f.id !== null && f.ai_score !== null && f.teacher_edited_at === null && isScored(f.score);

const scoreText = (score: number, max: number) => (isScored(score) ? `${score}/${max}` : `–/${max}`);

/** `GET /api/submissions/:id/feedback-sheet.pdf`. */
export async function feedbackSheetPdf(ctx: Ctx, submissionId: string): Promise<PdfFile> {
  const grading = await loadGrading(ctx, submissionId);
  const { submission, task, groups } = grading;
  const name = `${submission.name.first_name} ${submission.name.last_name}`.trim();
  const { doc, fonts } = await newDocument(`Feedbackbogen: ${task.title}`);
  const writer = new Writer(doc, fonts);
  writer.newPage();
  writer.text('Feedbackbogen', { size: 18, bold: true, after: 4 });
  writer.text(task.title, { size: 13, bold: true, after: 2 });
  writer.text(`Name: ${name || '—'}`, { size: 11, after: 2 });
  writer.text(`Stand: ${germanDate(new Date())}`, { size: 10, color: GREY, after: 2 });
  const total =
    submission.score === null ? `–/${submission.max_score}` : `${submission.score}/${submission.max_score}`;
  writer.text(`Gesamtpunktzahl: ${total}`, { size: 12, bold: true, after: 10 });

  for (const group of groups) {
    writer.ensure(60);
    writer.text(`${group.group_name} (${group.score}/${group.max_score} Punkte)`, {
      size: 13,
      bold: true,
      after: 4,
    });
    for (const skill of group.skills) skillRow(writer, fonts, skill);
    const text = group.text;
    if (text.feedback.trim()) {
      const ai = text.teacher_edited_at === null && text.ai_feedback !== null;
      writer.gap(4);
      writer.text(`Rückmeldung${ai ? ` (${AI_LABEL})` : ''}:`, { size: 10, bold: true });
      writer.text(text.feedback, { size: 10, after: 4 });
    }
    const recommendations = group.skills.flatMap((s) => {
      const shared = sharedSkillTexts(s.feedback);
      const recommendation = shared.recommendation.trim();
      if (!recommendation) return [];
      const ai = shared.source === 'ai' && s.feedback.texts_edited_at === null;
      return [`${s.skill.name}: ${recommendation}${ai ? ` (${AI_LABEL})` : ''}`];
    });
    if (recommendations.length > 0) {
      writer.text('Empfehlungen:', { size: 10, bold: true });
      for (const r of recommendations) writer.text(`• ${r}`, { size: 10, indent: 8 });
    }
    writer.gap(12);
  }
  if (groups.length === 0)
    writer.text('Für diese Aufgabe gibt es noch keinen Bewertungsbogen.', { color: GREY });
  return {
    fileName: `Feedbackbogen ${safeFileName(task.title)} ${safeFileName(name || 'Abgabe')}.pdf`,
    bytes: await doc.save(),
  };
}

/** One skill: its name and score on the left, one cell per level on the right, the reached one shaded. */
function skillRow(writer: Writer, fonts: Fonts, { skill, feedback }: GradingSkill) {
  const size = 8.5;
  const line = size * 1.25;
  const nameWidth = 140;
  const levels = [...skill.details].sort((a, b) => a.score - b.score);
  const cellWidth = levels.length > 0 ? (writer.contentWidth - nameWidth) / levels.length : 0;
  const ai = unconfirmedAi(feedback);
  const nameLines = [
    ...wrap(fonts.bold, size, printable(fonts, skill.name), nameWidth - 8).slice(0, MAX_CELL_LINES - 2),
    `Punkte: ${scoreText(feedback.score, skill.maxScore)}`,
    ...(ai ? [AI_LABEL] : []),
  ];
  // A row must fit on one page: a very long level text is cut after MAX_CELL_LINES lines.
  const cells = levels.map((level) => {
    const lines = wrap(
      fonts.regular,
      size,
      printable(fonts, `${level.score}: ${level.value}`),
      cellWidth - 8,
    );
    return lines.length <= MAX_CELL_LINES ? lines : [...lines.slice(0, MAX_CELL_LINES - 1), '…'];
  });
  const height = Math.max(nameLines.length, ...cells.map((c) => c.length)) * line + 8;
  writer.ensure(height);
  const top = writer.y;
  const page = writer.page;
  const border = { borderColor: GREY, borderWidth: 0.5 };
  page.drawRectangle({ x: MARGIN, y: top - height, width: nameWidth, height, ...border });
  nameLines.forEach((text, i) =>
    page.drawText(text, {
      x: MARGIN + 4,
      y: top - 4 - (i + 1) * line + 2,
      size,
      font: i === 0 || text === AI_LABEL ? fonts.bold : fonts.regular,
      color: text === AI_LABEL ? GREY : BLACK,
    }),
  );
  levels.forEach((level, col) => {
    const x = MARGIN + nameWidth + col * cellWidth;
    const reached = isScored(feedback.score) && level.score === feedback.score;
    page.drawRectangle({
      x,
      y: top - height,
      width: cellWidth,
      height,
      ...border,
      ...(reached ? { color: SHADE, borderWidth: 1.5, borderColor: BLACK } : {}),
    });
    cells[col]!.forEach((text, i) =>
      page.drawText(text, {
        x: x + 4,
        y: top - 4 - (i + 1) * line + 2,
        size,
        font: reached ? fonts.bold : fonts.regular,
        color: BLACK,
      }),
    );
  });
  writer.y = top - height;
}
