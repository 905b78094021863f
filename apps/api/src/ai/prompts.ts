import type { GetSkillLevelsInput, GetSkillsInput, SkillFeedbackInput } from './types';

// German prompts of the `openai` provider. Inputs carry ids and task/rubric text only (never student
// names); the model answers in JSON that fits the schema named in response_format.

export const SYSTEM_PROMPT =
  'Du bist eine erfahrene Lehrkraft an einer deutschen Schule und unterstützt Kolleginnen und Kollegen ' +
  'beim Erstellen von Bewertungsrastern und beim Korrigieren. Antworte immer auf Deutsch, sachlich und ' +
  'ermutigend, und ausschließlich im verlangten JSON-Format.';

function context(input: {
  task: GetSkillsInput['task'];
  subject: { name: string };
  classes: { name: string; grade: string }[];
}): string {
  const classes =
    input.classes.map((c) => `${c.name} (Klassenstufe ${c.grade})`).join(', ') || 'keine Angabe';
  return [
    `Fach: ${input.subject.name}`,
    `Klassen: ${classes}`,
    `Aufgabe: ${input.task.title}`,
    input.task.description ? `Beschreibung: ${input.task.description}` : '',
    input.task.content ? `Aufgabentext:\n${input.task.content}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

export function getSkillsPrompt(input: GetSkillsInput): string {
  const clusters = input.clusters
    .map((c) => `- ${c.name}: ${c.description}\n  Kriterien: ${c.criteria}`)
    .join('\n');
  return [
    'Schlage ein Bewertungsraster für die folgende Aufgabe vor: Kompetenzbereiche (skill_groups) mit je ' +
      'einer oder mehreren Kompetenzen (skills), jeweils mit Name, kurzer Beschreibung und einer ' +
      'Höchstpunktzahl (maxScore, 1 bis 10).',
    context(input),
    clusters ? `Berücksichtige diese Kriterien-Sammlungen:\n${clusters}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function getSkillLevelsPrompt(input: GetSkillLevelsInput): string {
  const groups = input.skill_groups
    .map(
      (g) =>
        `Kompetenzbereich ${g.id}: ${g.name}\n` +
        g.skills
          .map((s) => `  - Kompetenz ${s.id}: ${s.name} (${s.description}), Punkte 0 bis ${s.maxScore}`)
          .join('\n'),
    )
    .join('\n');
  return [
    'Beschreibe für jede Kompetenz des Rasters, was für jede Punktzahl von 0 bis zur Höchstpunktzahl ' +
      'erfüllt sein muss (levels: score und requirements). Verwende die angegebenen ids unverändert.',
    context(input),
    groups,
  ].join('\n\n');
}

/** One attached image as the model sees it: which file and which page of it (PDFs are rendered per page). */
export interface ScanRef {
  file_id: string;
  page: number;
}

/** `scans`: the attached images in order (or just their number, when no file is named). */
export function skillFeedbackPrompt(input: SkillFeedbackInput, scans: number | readonly ScanRef[]): string {
  const named = typeof scans === 'number' ? [] : scans;
  const count = typeof scans === 'number' ? scans : scans.length;
  const groups = input.skill_groups
    .map(
      (g) =>
        `Kompetenzbereich ${g.id}: ${g.name}\n` +
        g.skills
          .map(
            (s) =>
              `  - Kompetenz ${s.id}: ${s.name} (höchstens ${s.maxScore} Punkte)\n` +
              s.levels.map((l) => `      ${l.score} Punkte: ${l.requirements}`).join('\n'),
          )
          .join('\n'),
    )
    .join('\n');
  return [
    'Bewerte die Lösung einer Schülerin oder eines Schülers mit dem folgenden Raster. Gib für jede ' +
      'Kompetenz (skill_id) eine Punktzahl zwischen 0 und der Höchstpunktzahl (-1, wenn sie sich nicht ' +
      'bewerten lässt), eine Begründung (reason), Belege aus der Lösung (proof) und eine Empfehlung ' +
      '(recommendation). Gib für jeden Kompetenzbereich (group_id) eine kurze Rückmeldung (feedback). ' +
      'Sprich die Person direkt mit „du“ an.',
    'Belege jede Punktzahl (evidence): das wörtliche Zitat aus der Lösung (quote), dazu die Datei ' +
      '(file_id), die Seite (page, ab 1) und den Bereich auf der Seite (box: x, y, Breite w, Höhe h als ' +
      'Anteile von 0 bis 1, von links oben), in dem das Zitat steht. Ohne Bild: file_id, page und box null.',
    context(input),
    groups,
    ...calibrationPrompt(input),
    input.submission.solution
      ? `Lösung (erkannter Text):\n${input.submission.solution}`
      : `Die Lösung ist in ${count} Bild(ern) angehängt.`,
    named.length > 0
      ? named.map((s, i) => `Bild ${i + 1}: Datei ${s.file_id}, Seite ${s.page}`).join('\n')
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The teacher's corrections of earlier suggestions (ADR 025), one line each; nothing when there are none. */
function calibrationPrompt(input: SkillFeedbackInput): string[] {
  const examples = input.examples ?? [];
  if (examples.length === 0) return [];
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  return [
    'So hat die Lehrkraft frühere Vorschläge für dieselben Kompetenzen korrigiert. Bewerte so, wie sie ' +
      'bewertet:\n' +
      examples
        .map(
          (e) =>
            `- Beispiel zu Kompetenz ${e.skill_id} (Lösung ${e.submission_id}): KI ${e.ai_score} Punkte, ` +
            `Lehrkraft ${e.teacher_score} Punkte.` +
            (e.teacher_reason ? ` Begründung der Lehrkraft: ${flat(e.teacher_reason)}` : '') +
            (e.excerpt ? ` Auszug: „${flat(e.excerpt)}“` : ''),
        )
        .join('\n'),
  ];
}

export const ANALYZE_PROMPTS = {
  image: 'Schreibe den handschriftlichen Text auf den Bildern vollständig und wortgetreu ab.',
  formula:
    'Schreibe die Formeln und Rechnungen auf den Bildern als LaTeX ab (Inline-Formeln in $…$), Zeile für Zeile.',
  multimodal:
    'Schreibe Text und Formeln auf den Bildern ab (Formeln als LaTeX in $…$) und beschreibe Skizzen und ' +
    'Diagramme kurz in eckigen Klammern.',
  complex:
    'Schreibe den gesamten Inhalt der Seiten ab: Text wortgetreu, Formeln als LaTeX in $…$, Tabellen als ' +
    'Markdown, Skizzen kurz beschrieben in eckigen Klammern.',
} as const;

// JSON schemas for response_format (strict: every property required, no extra properties).
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const obj = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});
const arr = (items: unknown) => ({ type: 'array', items });
const levels = arr(obj({ score: int, requirements: str }));
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const num = { type: 'number' } as const;
const evidence = arr(
  obj({
    quote: str,
    file_id: nullable(str),
    page: nullable(int),
    box: nullable(obj({ x: num, y: num, w: num, h: num })),
  }),
);

export const RESPONSE_SCHEMAS = {
  get_skills: obj({
    skill_groups: arr(
      obj({ name: str, description: str, skills: arr(obj({ name: str, description: str, maxScore: int })) }),
    ),
  }),
  get_skill_levels: obj({
    skill_groups: arr(obj({ id: str, skills: arr(obj({ id: str, levels })) })),
  }),
  skill_feedback: obj({
    skill_feedbacks: arr(
      obj({ skill_id: str, score: int, reason: str, proof: arr(str), recommendation: str, evidence }),
    ),
    skill_group_feedbacks: arr(obj({ group_id: str, feedback: str })),
  }),
  analyze: obj({ text: str }),
} as const;
