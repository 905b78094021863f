import { DEMO_CONTENT } from '@app/contract';
import type { WrittenLine } from '../../lib/handwriting/page';

// What the demo teacher's account holds (counts: the contract's DEMO_CONTENT, which the /demo page shows).
// All names are made up.

export const DEMO_PROFILE = {
  first_name: 'Alex',
  last_name: 'Sommer',
  avatar_url: null,
  school: { bundesland: 'Nordrhein-Westfalen', city: 'Musterstadt', schule: 'Demo-Gesamtschule Musterstadt' },
};

export const DEMO_ADMIN_PROFILE = { ...DEMO_PROFILE, first_name: 'Kim', last_name: 'Berger' };

export const DEMO_STUDENTS: readonly string[] = [
  'Lea Bauer',
  'Finn Schröder',
  'Mia Krüger',
  'Ben Hartmann',
  'Emilia Wolf',
  'Luis Neumann',
  'Hannah Schwarz',
  'Elias Zimmermann',
  'Sophie Braun',
  'Noah Hofmann',
  'Lena Lange',
  'Paul Schmitt',
  'Marie Werner',
  'Jonas Krause',
  'Clara Meier',
  'Leon Lehmann',
  'Ella Köhler',
  'Felix Herrmann',
  'Ida König',
  'Anton Walter',
  'Frieda Peters',
  'Emil Möller',
  'Greta Fuchs',
  'Karl Vogel',
];

export const DEMO_CLASS = {
  name: DEMO_CONTENT.className,
  grade: '7',
  description: 'Mathematik bei Frau Sommer, Raum 204',
};

export const DEMO_SUBJECT = { name: DEMO_CONTENT.subject, description: 'Klassen 7 und 8' };

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

const mathDoc = (intro: string, items: string[]) => ({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: intro }] },
    {
      type: 'orderedList',
      attrs: { start: 1, type: 'a' },
      content: items.map((latex) => ({
        type: 'listItem',
        content: [{ type: 'paragraph', content: [{ type: 'inlineMath', attrs: { latex } }] }],
      })),
    },
  ],
});

/** The three tasks: closed with hand-ins (the rubric one), open for hand-ins, and a draft. */
export const DEMO_TASKS = {
  graded: {
    title: 'Lineare Gleichungen lösen',
    description: 'Löse die Gleichungen mit Äquivalenzumformungen und mache die Probe.',
    data: mathDoc('Löse die Gleichungen. Schreibe jede Umformung auf und mache bei c) die Probe.', [
      '3x + 5 = 20',
      '4x - 7 = 2x + 9',
      '5(x - 2) = 15',
    ]),
  },
  open: {
    title: 'Terme vereinfachen',
    description: 'Fasse zusammen und löse Klammern auf. Abgabe als Foto über den Link oder QR-Code.',
    data: mathDoc('Vereinfache so weit wie möglich.', ['3a + 5b - a + 2b', '2(x + 4) - 3x', '4y - (y - 6)']),
  },
  draft: {
    title: 'Prozentrechnung im Alltag',
    description: 'Entwurf: Rabatte, Mehrwertsteuer und Zinsen.',
    data: doc(
      'Ein Fahrrad kostet 480 €. Im Sommerschlussverkauf gibt es 15 % Rabatt. Wie viel kostet es dann?',
    ),
  },
};

/** A rubric: groups → skills → one descriptor per score 0..maxScore. */
export interface DemoRubricGroup {
  name: string;
  description: string;
  skills: Array<{ key: SkillKey; name: string; description: string; levels: string[] }>;
}

export type SkillKey = 'steps' | 'notes' | 'results' | 'check' | 'combine' | 'brackets';

export const GRADED_RUBRIC: DemoRubricGroup[] = [
  {
    name: 'Gleichungen umformen',
    description: 'Äquivalenzumformungen sicher und nachvollziehbar anwenden',
    skills: [
      {
        key: 'steps',
        name: 'Äquivalenzumformungen',
        description: 'Formt beide Seiten der Gleichung mit derselben Rechenoperation um.',
        levels: [
          'Keine gültige Umformung erkennbar.',
          'Einzelne Umformungen sind richtig, mehrere Fehler bei Vorzeichen oder Klammern.',
          'Die meisten Umformungen sind richtig, ein Fehler bei Vorzeichen oder Klammern.',
          'Alle Umformungen sind richtig und führen zur Lösung.',
        ],
      },
      {
        key: 'notes',
        name: 'Rechenweg dokumentieren',
        description: 'Notiert jede Umformung am Rand (z. B. „| −5“).',
        levels: [
          'Der Rechenweg ist nicht nachvollziehbar.',
          'Der Rechenweg steht da, die Umformungen sind aber nicht notiert.',
          'Jede Umformung ist am Rand notiert.',
        ],
      },
    ],
  },
  {
    name: 'Ergebnis und Probe',
    description: 'Lösungen angeben und überprüfen',
    skills: [
      {
        key: 'results',
        name: 'Lösung angeben',
        description: 'Gibt für jede Gleichung die Lösung richtig an.',
        levels: [
          'Höchstens eine Lösung ist richtig.',
          'Zwei der drei Lösungen sind richtig.',
          'Alle drei Lösungen sind richtig und hervorgehoben.',
        ],
      },
      {
        key: 'check',
        name: 'Probe durchführen',
        description: 'Setzt die Lösung in die Ausgangsgleichung ein.',
        levels: [
          'Keine Probe.',
          'Die Probe ist begonnen, aber nicht zu Ende gerechnet.',
          'Die Probe ist vollständig und bestätigt die Lösung.',
        ],
      },
    ],
  },
];

export const OPEN_RUBRIC: DemoRubricGroup[] = [
  {
    name: 'Terme umformen',
    description: 'Terme zusammenfassen und Klammern auflösen',
    skills: [
      {
        key: 'combine',
        name: 'Gleichartige Terme zusammenfassen',
        description: 'Fasst Terme mit derselben Variablen zusammen.',
        levels: [
          'Nicht zusammengefasst.',
          'Teilweise richtig zusammengefasst.',
          'Alles richtig zusammengefasst.',
        ],
      },
      {
        key: 'brackets',
        name: 'Klammern auflösen',
        description: 'Löst Klammern mit Vorzeichen richtig auf.',
        levels: [
          'Klammern falsch aufgelöst.',
          'Eine Klammer richtig aufgelöst.',
          'Alle Klammern richtig aufgelöst.',
        ],
      },
    ],
  },
];

/** How one student solved the graded task: drawn from their index, so every seed gives the same class. */
export interface Attempt {
  /** b): "+7" done as "-7" (2x = 2, x = 1). */
  signError: boolean;
  /** c): 5(x − 2) multiplied out as 5x − 2. */
  bracketError: boolean;
  /** The operations are noted at the right ("| −5"): all, some or none. */
  notes: 'all' | 'some' | 'none';
  /** The check of c): complete, started or missing. */
  check: 'full' | 'started' | 'none';
}

/** Index 0..19 of the students who handed in; varied but fixed. */
export function attemptOf(i: number): Attempt {
  return {
    signError: [2, 5, 9, 13, 17].includes(i),
    bracketError: [5, 7, 11, 16].includes(i),
    notes: i % 5 === 3 ? 'none' : i % 4 === 1 ? 'some' : 'all',
    check: i % 3 === 0 ? 'full' : i % 3 === 1 ? 'started' : 'none',
  };
}

/**
 * The lines of the graded task's solution that the AI's evidence refers to (feedback.ts): per part the
 * equation, the steps and the result ("x"), then the check. Which of them a student wrote depends on the attempt.
 */
export type LineId =
  | 'a.start'
  | 'a.step'
  | 'a.x'
  | 'b.start'
  | 'b.step'
  | 'b.step2'
  | 'b.x'
  | 'c.start'
  | 'c.step'
  | 'c.x'
  | 'check.start'
  | 'check.step'
  | 'check.end';

export interface SolutionLine extends WrittenLine {
  id?: LineId;
}

/** What the student wrote for the graded task. */
export function solutionLines(a: Attempt): SolutionLine[] {
  const note = (n: string, i: number) =>
    a.notes === 'all' || (a.notes === 'some' && i % 2 === 0) ? { note: n } : {};
  const lines: SolutionLine[] = [
    { text: 'a)' },
    { id: 'a.start', text: '3x + 5 = 20', indent: 1, ...note('| -5', 0) },
    { id: 'a.step', text: '3x = 15', indent: 1, ...note('| :3', 1) },
    { id: 'a.x', text: 'x = 5', indent: 1, result: true },
    { text: '' },
    { text: 'b)' },
    { id: 'b.start', text: '4x - 7 = 2x + 9', indent: 1, ...note('| -2x', 2) },
    { id: 'b.step', text: '2x - 7 = 9', indent: 1, ...note(a.signError ? '| -7' : '| +7', 3) },
    ...(a.signError
      ? [
          { id: 'b.step2' as const, text: '2x = 2', indent: 1, ...note('| :2', 4) },
          { id: 'b.x' as const, text: 'x = 1', indent: 1, result: true },
        ]
      : [
          { id: 'b.step2' as const, text: '2x = 16', indent: 1, ...note('| :2', 4) },
          { id: 'b.x' as const, text: 'x = 8', indent: 1, result: true },
        ]),
    { text: '' },
    { text: 'c)' },
    ...(a.bracketError
      ? [
          { id: 'c.start' as const, text: '5x - 2 = 15', indent: 1, ...note('| +2', 5) },
          { id: 'c.step' as const, text: '5x = 17', indent: 1, ...note('| :5', 6) },
          { id: 'c.x' as const, text: 'x = 3,4', indent: 1, result: true },
        ]
      : [
          { id: 'c.start' as const, text: '5(x - 2) = 15', indent: 1, ...note('| :5', 5) },
          { id: 'c.step' as const, text: 'x - 2 = 3', indent: 1, ...note('| +2', 6) },
          { id: 'c.x' as const, text: 'x = 5', indent: 1, result: true },
        ]),
  ];
  const x = a.bracketError ? '3,4' : '5';
  if (a.check !== 'none') {
    lines.push({ text: '' }, { text: 'Probe:' }, { id: 'check.start', text: `5·(${x} - 2) = 15`, indent: 1 });
    if (a.check === 'full' && a.bracketError) lines.push({ id: 'check.end', text: '7 = 15', indent: 1 });
    if (a.check === 'full' && !a.bracketError)
      lines.push(
        { id: 'check.step', text: '5·3 = 15', indent: 1 },
        { id: 'check.end', text: '15 = 15', indent: 1 },
      );
  }
  return lines;
}
