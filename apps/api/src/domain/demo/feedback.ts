import type { EvidenceBox } from '@app/contract';
import type { DrawnText } from '../../lib/handwriting/page';
import type { Attempt, LineId, SkillKey } from './content';

// The demo's AI suggestions: what a correction would have stored for each hand-in, written from how the
// student solved the task (content.ts attemptOf), so scores, reasons and the photo agree. The evidence names
// lines of the solution (content.ts solutionLines); its quotes and boxes are taken from the photo as drawn
// (lib/handwriting/page.ts), so a quote is always text that stands on the student's photo, where it stands.

/** A piece of the student's solution the AI points to: a line's text or the note beside it ("| -5"). */
export interface Cite {
  line: LineId;
  part: 'text' | 'note';
}

const text = (line: LineId): Cite => ({ line, part: 'text' });
const note = (line: LineId): Cite => ({ line, part: 'note' });

export interface SkillSuggestion {
  score: number;
  reason: string;
  evidence: Cite[];
  recommendation: string;
}

export function suggestionsFor(a: Attempt): Record<'steps' | 'notes' | 'results' | 'check', SkillSuggestion> {
  const errors = Number(a.signError) + Number(a.bracketError);
  const wrong = [a.signError ? 'b)' : null, a.bracketError ? 'c)' : null].filter(Boolean).join(' und ');
  const steps: SkillSuggestion =
    errors === 0
      ? {
          score: 3,
          reason: 'Alle Umformungen sind korrekt; beide Seiten werden jeweils gleich behandelt.',
          evidence: [text('a.start'), text('b.step')],
          recommendation: 'Weiter so! Probiere als Nächstes Gleichungen mit Brüchen.',
        }
      : {
          score: 3 - errors,
          reason: [
            a.signError
              ? 'In b) wird −7 auf beiden Seiten subtrahiert statt addiert (2x = 2 statt 2x = 16).'
              : '',
            a.bracketError
              ? 'In c) wird die Klammer falsch aufgelöst: 5(x − 2) ist 5x − 10, nicht 5x − 2.'
              : '',
          ]
            .filter(Boolean)
            .join(' '),
          evidence: [...(a.signError ? [text('b.step2')] : []), ...(a.bracketError ? [text('c.start')] : [])],
          recommendation: a.bracketError
            ? 'Multipliziere beim Auflösen jeder Klammer jeden Summanden mit dem Faktor davor.'
            : 'Um −7 wegzubekommen, rechnet man auf beiden Seiten +7.',
        };
  const notes: SkillSuggestion = {
    all: {
      score: 2,
      reason: 'Jede Umformung ist am Rand notiert, der Rechenweg ist gut nachvollziehbar.',
      evidence: [note('a.start'), note('a.step')],
      recommendation: 'Behalte diese saubere Darstellung bei.',
    },
    some: {
      score: 1,
      reason: 'Nur ein Teil der Umformungen ist am Rand notiert.',
      // "| -5" stands beside the first line, nothing beside the second.
      evidence: [note('a.start'), text('a.step')],
      recommendation: 'Notiere hinter jeder Zeile, was du auf beiden Seiten rechnest.',
    },
    none: {
      score: 1,
      reason: 'Die Zeilen folgen aufeinander, aber keine Umformung ist notiert.',
      evidence: [text('a.step')],
      recommendation: 'Schreibe die Rechenoperation mit einem Strich an den Rand, z. B. „| −5“.',
    },
  }[a.notes];
  const results: SkillSuggestion =
    errors === 0
      ? {
          score: 2,
          reason: 'Alle drei Lösungen (x = 5, x = 8, x = 5) sind richtig und doppelt unterstrichen.',
          evidence: [text('a.x'), text('b.x')],
          recommendation: 'Prima – die Ergebnisse sind klar hervorgehoben.',
        }
      : {
          score: errors === 1 ? 1 : 0,
          reason: `Die Lösung in ${wrong} ist falsch, die übrigen Lösungen stimmen.`,
          evidence: [...(a.signError ? [text('b.x')] : []), ...(a.bracketError ? [text('c.x')] : [])],
          recommendation: 'Eine Probe hätte den Fehler gezeigt.',
        };
  const check: SkillSuggestion = {
    full: a.bracketError
      ? {
          score: 2,
          reason: 'Die Probe ist vollständig gerechnet und zeigt, dass x = 3,4 nicht stimmt (7 ≠ 15).',
          evidence: [text('check.end')],
          recommendation: 'Wenn die Probe nicht aufgeht: zurück zur Rechnung und den Fehler suchen.',
        }
      : {
          score: 2,
          reason: 'Die Probe ist vollständig und bestätigt die Lösung.',
          evidence: [text('check.end')],
          recommendation: 'Sehr gut, die Probe gehört immer dazu.',
        },
    started: {
      score: 1,
      reason: 'Die Probe ist angesetzt, aber nicht zu Ende gerechnet.',
      evidence: [text('check.start')],
      recommendation: 'Rechne die Probe bis zu einer wahren (oder falschen) Aussage aus.',
    },
    none: {
      score: 0,
      reason: 'Es fehlt eine Probe.',
      // Nothing to quote: the teacher sees "ohne Beleg".
      evidence: [],
      recommendation: 'Setze deine Lösung in die Ausgangsgleichung ein.',
    },
  }[a.check];
  return { steps, notes, results, check };
}

/** Where a cited piece stands on the student's photo; a cite of something not drawn is a mistake in this file. */
export function evidenceOn(
  drawn: readonly DrawnText[],
  cites: readonly Cite[],
): Array<{ quote: string; box: EvidenceBox }> {
  return cites.map((cite) => {
    const found = drawn.find((d) => d.id === cite.line && d.part === cite.part);
    if (!found) throw new Error(`Demo: ${cite.line} (${cite.part}) steht nicht auf dem Foto`);
    return { quote: found.text, box: found.box };
  });
}

/**
 * The hand-in (index among those handed in) whose AI runs disagreed on one skill by more than a level: it is
 * "unsicher" (ADR 024), stored unscored with the median as the suggestion. Its median is the suggestion's
 * score (suggestionsFor): "some" notes, 1 point.
 */
export const UNSURE: { index: number; skill: SkillKey; runs: readonly number[] } = {
  index: 5,
  skill: 'notes',
  runs: [2, 1, 0],
};

/**
 * Each of the three runs' scores (the openai default, ADR 024) for a suggestion of `score`: they agree, or
 * now and then one run is a level off (still sure), except on the unsure skill.
 */
export function runsFor(index: number, skill: SkillKey, score: number): number[] {
  if (index === UNSURE.index && skill === UNSURE.skill) return [...UNSURE.runs];
  if ((index + skill.length) % 4 === 0) return [score, score, score > 0 ? score - 1 : score + 1];
  return [score, score, score];
}

/** The AI's text per skill group ('Gleichungen umformen', 'Ergebnis und Probe'). */
export function groupFeedbackFor(a: Attempt): [string, string] {
  const errors = Number(a.signError) + Number(a.bracketError);
  return [
    errors === 0
      ? 'Du formst Gleichungen sicher um. Achte weiter auf einen sauber notierten Rechenweg.'
      : 'Du kennst die Äquivalenzumformungen. Übe noch Vorzeichen und das Auflösen von Klammern.',
    a.check === 'full'
      ? 'Deine Probe ist vorbildlich. So kannst du jedes Ergebnis selbst überprüfen.'
      : 'Mit einer vollständigen Probe findest du Fehler selbst, bevor du abgibst.',
  ];
}

/** The teacher's changes on five hand-ins: the AI's value stays beside the teacher's. */
export const TEACHER_CHANGES: ReadonlyArray<{
  index: number;
  skill: SkillKey;
  score: number;
  reason?: string;
}> = [
  {
    index: 1,
    skill: 'notes',
    score: 2,
    reason: 'Die wichtigsten Umformungen sind notiert – das reicht mir hier.',
  },
  { index: 4, skill: 'check', score: 0 },
  { index: 8, skill: 'notes', score: 0 },
  { index: 12, skill: 'steps', score: 2, reason: 'In b) fehlt ein Zwischenschritt, sonst sauber gerechnet.' },
  { index: 15, skill: 'notes', score: 1 },
];

/** Hand-ins (by index among those handed in) that are handed back with a feedback link. */
export const HANDED_BACK: readonly number[] = [0, 1];
