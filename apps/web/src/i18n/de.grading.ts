/**
 * Strings of grading (ADR 010): the teacher's grading page and the student's feedback link page. Merged into
 * `de` as `de.grading`; the public feedback page imports this module alone (small JS, like /submit).
 */

const points = (score: number) => (score === 1 ? '1 Punkt' : `${String(score)} Punkte`);

export const deGrading = {
  points,
  of: (score: number, max: number) => `${String(score)} / ${String(max)}`,

  page: {
    title: 'Abgabe bewerten',
    heading: (name: string) => `Bewertung: ${name}`,
    back: 'Zur Aufgabe',
    // The names begin with the visible word (Zurück, Weiter), so that a spoken command finds the button.
    previous: 'Zurück zur vorherigen Abgabe',
    next: 'Weiter zur nächsten Abgabe',
    previousShort: 'Zurück',
    nextShort: 'Weiter',
    position: (index: number, total: number) => `Abgabe ${String(index)} von ${String(total)}`,
    announce: (index: number, total: number, name: string) =>
      `Abgabe ${String(index)} von ${String(total)}: ${name}`,
    keyboardHint: 'Tastatur: J oder Alt+→ nächste Abgabe, K oder Alt+← vorherige Abgabe.',
    total: 'Gesamtpunktzahl',
    files: 'Dateien der Abgabe',
    noFiles: 'Zu dieser Abgabe gibt es noch keine Dateien.',
    pdfTitle: (name: string) => `PDF: ${name}`,
    openPdf: 'PDF in neuem Tab öffnen',
    imageAlt: (file: string, name: string) => `${file} – ${name}`,
    rubric: 'Bewertung nach Raster',
    noRubric:
      'Diese Aufgabe hat noch kein Bewertungsraster. Lege auf der Aufgabenseite Kompetenzen an, um bewerten zu können.',
    loadFailed: 'Die Abgabe konnte nicht geladen werden.',
  },

  skill: {
    levels: (name: string) => `Punkte für ${name}`,
    unscored: 'Nicht bewertet',
    aiSuggestion: 'KI-Vorschlag',
    aiSuggestionHint: 'Von der KI vorgeschlagen – prüfe und ändere die Bewertung bei Bedarf.',
    aiLevel: 'KI',
    teacherEdited: 'Von dir bewertet',
    aiWas: (score: number) => `KI-Vorschlag war: ${points(score)}`,
    aiWasUnscored: 'KI-Vorschlag war: nicht bewertet',
    reason: 'Begründung',
    proof: 'Belege aus der Abgabe',
    recommendation: 'Empfehlung',
    remove: 'Bewertung löschen',
    removeLabel: (name: string) => `Bewertung löschen: ${name}`,
    /** The texts of a skill: the AI's after a changed score, the teacher's own. */
    aiTextsHidden: (aiScore: number) =>
      aiScore < 0
        ? 'Die Begründung der KI gehört zu „nicht bewertet“. Weil du die Punkte geändert hast, sieht der Schüler sie nicht – behalte sie oder schreib eine eigene.'
        : `Die Begründung der KI passt zu ${points(aiScore)}. Weil du die Punkte geändert hast, sieht der Schüler sie nicht – behalte sie oder schreib eine eigene.`,
    /** An unsure suggestion (ADR 024): the AI's runs disagree, nothing is pre-selected. */
    aiTextsUnsure: (aiScore: number) =>
      aiScore < 0
        ? 'Die KI ist sich unsicher. Ihre Begründung gehört zu „nicht bewertet“; der Schüler sieht sie erst, wenn du diese Stufe wählst.'
        : `Die KI ist sich unsicher. Ihre Begründung passt zu ${points(aiScore)}; der Schüler sieht sie erst, wenn du diese Stufe wählst.`,
    keepAiTexts: 'Begründung der KI beibehalten',
    aiOriginal: 'Begründung der KI (nur für dich sichtbar)',
    ownTexts: 'Deine Begründung',
    noTexts: 'Der Schüler sieht keine Begründung.',
    editTexts: 'Begründung bearbeiten',
    removeTexts: 'Begründung entfernen',
    restoreAiTexts: 'Begründung der KI wiederherstellen',
    saveTexts: 'Begründung speichern',
    cancel: 'Abbrechen',
  },

  /** Consistency and evidence of the AI's suggestions (ADR 024). */
  ai: {
    unsure: 'unsicher',
    unsureHint:
      'Die KI hat diese Kompetenz mehrmals bewertet und ist sich uneinig. Nichts ist vorausgewählt – bitte wähle die Stufe selbst.',
    unsureSummary: (count: number) =>
      count === 1
        ? '1 Kompetenz ist unsicher: Die KI-Läufe weichen um mehr als eine Stufe ab. Sie steht oben und ist nicht vorausgewählt.'
        : `${String(count)} Kompetenzen sind unsicher: Die KI-Läufe weichen um mehr als eine Stufe ab. Sie stehen oben und sind nicht vorausgewählt.`,
    runs: (scores: readonly number[], spread: number) =>
      spread === 0
        ? `KI-Läufe: ${String(scores.length)}-mal ${scores[0]! < 0 ? 'nicht bewertet' : points(scores[0]!)}, einig`
        : `KI-Läufe: ${scores.map((s) => (s < 0 ? 'nicht bewertet' : String(s))).join(', ')} Punkte (Abweichung ${String(spread)} ${spread === 1 ? 'Stufe' : 'Stufen'})`,
    evidence: 'Beleg der KI',
    noEvidence: 'ohne Beleg',
    noEvidenceHint: 'Die KI hat für diesen Vorschlag keine Stelle aus der Abgabe angegeben.',
    place: (page: number | null, box: boolean) =>
      [page === null ? '' : `Seite ${String(page)}`, box ? 'markierter Bereich' : '']
        .filter(Boolean)
        .join(', '),
    show: 'In der Abgabe zeigen',
    showLabel: (skill: string) => `Beleg zu ${skill} in der Abgabe zeigen`,
    hide: 'Markierung ausblenden',
    boxLabel: (skill: string, quote: string) => `Beleg zu ${skill}: „${quote}“`,
    pdfPageHint: (page: number) => `Der Beleg steht auf Seite ${String(page)} dieser PDF.`,
  },

  group: {
    score: (score: number, max: number) => `${String(score)} / ${String(max)} Punkte`,
    text: (name: string) => `Rückmeldung zu ${name}`,
    placeholder: 'Rückmeldung an den Schüler …',
    save: 'Rückmeldung speichern',
    saving: 'Speichert …',
  },

  reset: {
    button: 'Feedback zurücksetzen',
    title: 'Feedback zurücksetzen?',
    text: 'Alle Punkte und Texte dieser Abgabe – auch die Vorschläge der KI – werden gelöscht. Ein ausgeteilter Link ist danach nicht mehr erreichbar.',
    confirm: 'Zurücksetzen',
  },

  release: {
    button: 'Austeilen',
    again: 'Link anzeigen',
    notReady: 'Erst austeilen, wenn mindestens eine Kompetenz bewertet ist.',
    done: 'Feedback ausgeteilt',
    handBackAgain: 'Erneut austeilen',
    changedBadge: 'geändert seit der Rückgabe',
    changedTitle: 'Geändert seit der Rückgabe',
    changedText:
      'Der Schüler sieht noch die Fassung, die du ausgeteilt hast. Teile erneut aus, damit er deine Änderungen sieht.',
    linkLabel: 'Persönlicher Link zur Rückmeldung',
    linkHint: 'Gib diesen Link nur dem Schüler: Wer ihn hat, sieht die Rückmeldung (ohne Anmeldung).',
    copy: 'Link kopieren',
    copied: 'Kopiert',
    open: 'Öffnen',
    print: 'Drucken',
    all: 'Alle korrigierten austeilen',
    allTitle: 'Ausgeteilte Rückmeldungen',
    allEmpty: 'Es gibt noch keine korrigierte Abgabe zum Austeilen.',
    allIntro: (count: number) =>
      count === 1 ? '1 Rückmeldung ist ausgeteilt.' : `${String(count)} Rückmeldungen sind ausgeteilt.`,
    student: 'Name',
    link: 'Link',
    close: 'Schließen',
    failed: 'Das Austeilen hat nicht geklappt. Bitte versuche es erneut.',
    // Skills still unscored (e.g. the AI's runs disagreed): the student would see "Nicht bewertet".
    unscoredTitle: 'Nicht alle Kompetenzen bewertet',
    unscoredText: (names: readonly string[]) =>
      `Noch nicht bewertet: ${names.join(', ')}. Der Schüler sieht dort „Nicht bewertet“, und die Punkte fehlen in seiner Summe. Trotzdem austeilen?`,
    unscoredConfirm: 'Trotzdem austeilen',
    skippedIntro: (count: number) =>
      count === 1
        ? '1 Abgabe wurde nicht ausgeteilt, weil Kompetenzen noch nicht bewertet sind. Bewerte sie und teile sie einzeln aus:'
        : `${String(count)} Abgaben wurden nicht ausgeteilt, weil Kompetenzen noch nicht bewertet sind. Bewerte sie und teile sie einzeln aus:`,
    skippedSkills: (names: readonly string[]) => `Nicht bewertet: ${names.join(', ')}`,
  },

  table: {
    grade: 'Bewerten',
    gradeLabel: (name: string) => `Abgabe von ${name} bewerten`,
  },

  /** The feedback link: the student's read-only page `/feedback/{token}`. */
  feedbackLink: {
    title: 'Deine Rückmeldung',
    /** The document title once the task is known (the server's page has it from the start). */
    documentTitle: (taskTitle: string) => `${taskTitle} – Rückmeldung`,
    greeting: (firstName: string) => (firstName ? `Hallo ${firstName}!` : 'Hallo!'),
    intro: 'Hier ist die Rückmeldung deiner Lehrkraft zu deiner Abgabe.',
    task: 'Aufgabe',
    files: 'Deine Abgabe',
    total: 'Gesamt',
    score: (score: number, max: number) => `${String(score)} von ${String(max)} Punkten`,
    unscored: 'nicht bewertet',
    level: 'Erreichte Stufe',
    loading: 'Rückmeldung wird geladen …',
    notFoundTitle: 'Rückmeldung nicht gefunden',
    loadFailed: 'Die Rückmeldung konnte gerade nicht geladen werden. Bitte versuche es später noch einmal.',
    retry: 'Erneut versuchen',
  },
} as const;
