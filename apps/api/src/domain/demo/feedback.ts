import type { Attempt, SkillKey } from './content';

// The demo's AI suggestions: what a correction would have stored for each hand-in, written from how the
// student solved the task (content.ts attemptOf), so scores, reasons and the photo agree.

export interface SkillSuggestion {
  score: number;
  reason: string;
  proof: string[];
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
          proof: ['3x + 5 = 20 | −5', '2x − 7 = 9 | +7'],
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
          proof: [a.signError ? '2x = 2' : '', a.bracketError ? '5x − 2 = 15' : ''].filter(Boolean),
          recommendation: a.bracketError
            ? 'Multipliziere beim Auflösen jeder Klammer jeden Summanden mit dem Faktor davor.'
            : 'Um −7 wegzubekommen, rechnet man auf beiden Seiten +7.',
        };
  const notes: SkillSuggestion = {
    all: {
      score: 2,
      reason: 'Jede Umformung ist am Rand notiert, der Rechenweg ist gut nachvollziehbar.',
      proof: ['| −5', '| :3'],
      recommendation: 'Behalte diese saubere Darstellung bei.',
    },
    some: {
      score: 1,
      reason: 'Nur ein Teil der Umformungen ist am Rand notiert.',
      proof: ['3x = 15'],
      recommendation: 'Notiere hinter jeder Zeile, was du auf beiden Seiten rechnest.',
    },
    none: {
      score: 1,
      reason: 'Die Zeilen folgen aufeinander, aber keine Umformung ist notiert.',
      proof: ['3x = 15'],
      recommendation: 'Schreibe die Rechenoperation mit einem Strich an den Rand, z. B. „| −5“.',
    },
  }[a.notes];
  const results: SkillSuggestion =
    errors === 0
      ? {
          score: 2,
          reason: 'Alle drei Lösungen (x = 5, x = 8, x = 5) sind richtig und doppelt unterstrichen.',
          proof: ['x = 5', 'x = 8'],
          recommendation: 'Prima – die Ergebnisse sind klar hervorgehoben.',
        }
      : {
          score: errors === 1 ? 1 : 0,
          reason: `Die Lösung in ${wrong} ist falsch, die übrigen Lösungen stimmen.`,
          proof: [a.signError ? 'x = 1' : '', a.bracketError ? 'x = 3,4' : ''].filter(Boolean),
          recommendation: 'Eine Probe hätte den Fehler gezeigt.',
        };
  const check: SkillSuggestion = {
    full: a.bracketError
      ? {
          score: 2,
          reason: 'Die Probe ist vollständig gerechnet und zeigt, dass x = 3,4 nicht stimmt (7 ≠ 15).',
          proof: ['7 = 15'],
          recommendation: 'Wenn die Probe nicht aufgeht: zurück zur Rechnung und den Fehler suchen.',
        }
      : {
          score: 2,
          reason: 'Die Probe ist vollständig und bestätigt die Lösung.',
          proof: ['15 = 15'],
          recommendation: 'Sehr gut, die Probe gehört immer dazu.',
        },
    started: {
      score: 1,
      reason: 'Die Probe ist angesetzt, aber nicht zu Ende gerechnet.',
      proof: ['Probe: 5·(x − 2) = 15'],
      recommendation: 'Rechne die Probe bis zu einer wahren (oder falschen) Aussage aus.',
    },
    none: {
      score: 0,
      reason: 'Es fehlt eine Probe.',
      proof: [],
      recommendation: 'Setze deine Lösung in die Ausgangsgleichung ein.',
    },
  }[a.check];
  return { steps, notes, results, check };
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
