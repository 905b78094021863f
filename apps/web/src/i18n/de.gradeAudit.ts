/**
 * Strings of the grading page's "Änderungsverlauf" and "Alle Vorschläge übernehmen" (ADR 026). Merged into
 * `de` as `de.gradeAudit`; a module of its own so that the student's feedback page (which imports
 * de.grading.ts alone) does not carry them.
 */

const scoreText = (score: number) =>
  score < 0 ? 'nicht bewertet' : score === 1 ? '1 Punkt' : `${String(score)} Punkte`;

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

export const deGradeAudit = {
  history: {
    title: 'Änderungsverlauf',
    intro: 'Wer welche Punkte wann geändert hat: die KI oder eine Lehrkraft.',
    empty: 'Noch keine Änderungen an den Punkten.',
    loading: 'Änderungsverlauf wird geladen …',
    loadFailed: 'Der Änderungsverlauf konnte nicht geladen werden.',
    ai: 'KI',
    you: 'Du',
    teacher: 'Lehrkraft',
    removedSkill: 'Gelöschte Kompetenz',
    score: scoreText,
    /** What a screen reader hears instead of the arrow between the old and the new score. */
    to: 'auf',
    at: (iso: string) => dateTime.format(new Date(iso)),
    csv: 'Verlauf als CSV herunterladen',
    csvTask: 'Verlauf der ganzen Aufgabe als CSV',
    csvName: (name: string) => `Änderungsverlauf ${name}.csv`,
    csvTaskName: (title: string) => `Änderungsverlauf ${title}.csv`,
    downloaded: (file: string) => `„${file}“ wurde heruntergeladen.`,
    downloadFailed: 'Der Änderungsverlauf konnte nicht heruntergeladen werden.',
  },

  accept: {
    button: 'Alle Vorschläge übernehmen',
    notSeen: 'Sieh dir zuerst die Dateien der Abgabe an.',
    running: 'Die KI korrigiert diese Abgabe noch.',
    nothing: 'Es gibt keine offenen Vorschläge der KI.',
    title: 'Alle Vorschläge übernehmen?',
    text: (count: number) =>
      `${count === 1 ? 'Der Vorschlag' : `Die ${String(count)} Vorschläge`} der KI, die du noch nicht geändert hast, ${count === 1 ? 'wird' : 'werden'} als deine Bewertung gespeichert. Der Schüler sieht erst etwas, wenn du austeilst.`,
    confirm: 'Übernehmen',
    done: (count: number) =>
      count === 1 ? '1 Vorschlag übernommen' : `${String(count)} Vorschläge übernommen`,
    failed: 'Die Vorschläge konnten nicht übernommen werden.',
  },
} as const;
