import {
  isScored,
  sharedSkillTexts,
  type FeedbackSheetVersion,
  type GradingGroup,
  type GradingSkill,
  type ReleasedGrading,
} from '@app/contract';
import {
  BLACK,
  drawLine,
  GREY,
  MARGIN,
  newDocument,
  printable,
  SHADE,
  wrap,
  Writer,
  type Fonts,
} from '../../lib/pdf/layout';
import { type Ctx } from '../context';
import { loadGrading } from '../grading';
import { publishedGrading, releasedVersions } from '../grading/published';
import { germanDate, safeFileName } from './layout';
import type { PdfFile } from './worksheet';

// The feedback sheet of one submission (PRODUCT.md §4 "PDF-Vorlagen"): per skill group the rubric table
// (skills × levels, the reached level shaded), the scores, the group text and the recommendations. A value
// the AI suggested and the teacher has not confirmed is labelled "KI-Vorschlag" (ARCHITECTURE.md §7: AI
// output is a suggestion until the teacher edits it).
// Which grading: a handed-back submission prints the version its feedback link shows (feedback_releases, ADR
// 010), so paper and link never disagree; the grading as it is now (`?version=current`, or a submission not
// handed back) is marked as a draft on every page.

export const AI_LABEL = 'KI-Vorschlag';
const MAX_CELL_LINES = 30;

/** An AI score nobody confirmed: stored by the correction job, not edited by the teacher since. */
export const unconfirmedAi = (f: GradingSkill['feedback']) =>
  f.id !== null && f.ai_score !== null && f.teacher_edited_at === null && isScored(f.score);

const scoreText = (score: number, max: number) => (isScored(score) ? `${score}/${max}` : `–/${max}`);

/** One skill row as printed: the rubric's levels, the reached score and whether it is the AI's unconfirmed one. */
interface SheetSkill {
  skill: { name: string; maxScore: number; details: Array<{ score: number; value: string }> };
  feedback: { score: number };
  ai: boolean;
}

interface SheetGroup {
  name: string;
  score: number;
  max_score: number;
  text: string;
  textAi: boolean;
  skills: SheetSkill[];
  recommendations: string[];
}

/**
 * The printed groups of a grading in the student's form (a handed-back version, or publishedGrading of the
 * grading now). The link shows only the reached level's text, so the other cells come from the rubric as it
 * is now. "KI-Vorschlag" marks a value only while the stored row still holds it as the AI's unconfirmed one
 * (a handed-back submission is not corrected again, so such a row held the same value at the hand-back).
 */
function sheetGroups(shown: ReleasedGrading, groups: GradingGroup[]): SheetGroup[] {
  const stored = new Map(groups.flatMap((g) => g.skills.map((s) => [s.skill.id, s] as const)));
  const texts = new Map(groups.map((g) => [g.group_id, g.text]));
  return shown.groups.map((group) => {
    const text = texts.get(group.group_id);
    return {
      name: group.group_name,
      score: group.score,
      max_score: group.max_score,
      text: group.group_feedback,
      textAi:
        text !== undefined &&
        text.teacher_edited_at === null &&
        text.ai_feedback !== null &&
        text.feedback === group.group_feedback,
      skills: group.skills.map((s) => {
        const now = stored.get(s.skill_id);
        const details = (now?.skill.details ?? []).map((d) => ({
          score: d.score,
          value: d.score === s.score && s.level !== null ? s.level : d.value,
        }));
        if (s.level !== null && !details.some((d) => d.score === s.score))
          details.push({ score: s.score, value: s.level });
        return {
          skill: { name: s.name, maxScore: s.maxScore, details },
          feedback: { score: s.score },
          ai: now !== undefined && unconfirmedAi(now.feedback) && now.feedback.score === s.score,
        };
      }),
      recommendations: group.skills.flatMap((s) => {
        const recommendation = s.recommendation.trim();
        if (!recommendation) return [];
        const now = stored.get(s.skill_id)?.feedback;
        const shared = now ? sharedSkillTexts(now) : null;
        const ai =
          shared?.source === 'ai' &&
          now?.texts_edited_at === null &&
          shared.recommendation.trim() === recommendation;
        return [`${s.name}: ${recommendation}${ai ? ` (${AI_LABEL})` : ''}`];
      }),
    };
  });
}

/**
 * `GET /api/submissions/:id/feedback-sheet.pdf` (`?version=current`). Handed back: the version the feedback
 * link shows, or with `current` the grading now (the same unless changed since). Not handed back: the
 * grading now, as a draft.
 */
export async function feedbackSheetPdf(
  ctx: Ctx,
  submissionId: string,
  version: FeedbackSheetVersion = 'released',
): Promise<PdfFile> {
  const grading = await loadGrading(ctx, submissionId);
  const { submission, task, groups } = grading;
  const handedBack = submission.status === 'ausgeteilt';
  const asLink = handedBack && (version === 'released' || !submission.changed_since_release);
  const release = asLink ? (await releasedVersions(ctx.db, [submission.id])).get(submission.id) : undefined;
  // Handed back before versions were kept: the link shows the grading as it is now (loadFeedbackLink).
  const shown = release?.content ?? publishedGrading(groups);
  const releasedOn = submission.released_at ? germanDate(new Date(submission.released_at)) : null;
  const mark = asLink
    ? release
      ? `Stand der Rückgabe vom ${germanDate(release.released_at)}`
      : 'Ausgeteilt – Stand des Feedback-Links'
    : handedBack && releasedOn
      ? `Entwurf – Änderungen seit der Rückgabe vom ${releasedOn}, noch nicht ausgeteilt`
      : 'Entwurf – noch nicht ausgeteilt';
  const draft = !asLink;
  const name = `${submission.name.first_name} ${submission.name.last_name}`.trim();
  const { doc, fonts } = await newDocument(`Feedbackbogen: ${task.title}`);
  // Every further page names the student and the version: a page on its own must not pass for the other one.
  const writer = new Writer(doc, fonts, {
    onPage: (page, index) => {
      if (index > 0)
        drawLine(page, fonts, `${name || 'Abgabe'} – ${mark}`, MARGIN, page.getHeight() - 32, {
          size: 8.5,
          bold: draft,
          color: GREY,
        });
    },
  });
  writer.newPage();
  writer.text('Feedbackbogen', { size: 18, bold: true, after: 4 });
  writer.text(task.title, { size: 13, bold: true, after: 2 });
  writer.text(`Name: ${name || '—'}`, { size: 11, after: 2 });
  writer.text(mark, { size: draft ? 11 : 10, bold: draft, color: draft ? BLACK : GREY, after: 2 });
  const scored = shown.groups.some((g) => g.skills.some((s) => isScored(s.score)));
  const total = scored ? `${shown.score}/${shown.max_score}` : `–/${shown.max_score}`;
  writer.text(`Gesamtpunktzahl: ${total}`, { size: 12, bold: true, after: 10 });

  const printed = sheetGroups(shown, groups);
  for (const group of printed) {
    writer.ensure(60);
    writer.text(`${group.name} (${group.score}/${group.max_score} Punkte)`, {
      size: 13,
      bold: true,
      after: 4,
    });
    for (const skill of group.skills) skillRow(writer, fonts, skill);
    if (group.text.trim()) {
      writer.gap(4);
      writer.text(`Rückmeldung${group.textAi ? ` (${AI_LABEL})` : ''}:`, { size: 10, bold: true });
      writer.text(group.text, { size: 10, after: 4 });
    }
    if (group.recommendations.length > 0) {
      writer.text('Empfehlungen:', { size: 10, bold: true });
      for (const r of group.recommendations) writer.text(`• ${r}`, { size: 10, indent: 8 });
    }
    writer.gap(12);
  }
  if (printed.length === 0)
    writer.text('Für diese Aufgabe gibt es noch keinen Bewertungsbogen.', { color: GREY });
  return {
    fileName: `Feedbackbogen ${safeFileName(task.title)} ${safeFileName(name || 'Abgabe')}${draft ? ' (Entwurf)' : ''}.pdf`,
    bytes: await doc.save(),
  };
}

/** One skill: its name and score on the left, one cell per level on the right, the reached one shaded. */
function skillRow(writer: Writer, fonts: Fonts, { skill, feedback, ai }: SheetSkill) {
  const size = 8.5;
  const line = size * 1.25;
  const nameWidth = 140;
  const levels = [...skill.details].sort((a, b) => a.score - b.score);
  const cellWidth = levels.length > 0 ? (writer.contentWidth - nameWidth) / levels.length : 0;
  const nameLines = [
    ...wrap(fonts.bold, size, printable(fonts, skill.name), nameWidth - 8).slice(0, MAX_CELL_LINES - 2),
    `Punkte: ${scoreText(feedback.score, skill.maxScore)}`,
    ...(ai ? [AI_LABEL] : []),
  ];
  // A row must fit on one page: a very long level text is cut after MAX_CELL_LINES lines.
  const cells = levels.map((level) => {
    const lines = wrap(
      // In the font it is drawn in: the reached level is bold.
      isScored(feedback.score) && level.score === feedback.score ? fonts.bold : fonts.regular,
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
