/**
 * Strings of the developer pages `/dev/stats`, `/dev/ocr-test`, `/dev/submissions/*` (organization members
 * only), the read-only task view `/old/{taskId}` and the kept addresses `/classes/{classId}/tasks/submissions`
 * (PRODUCT.md §2). Merged into `de` as `de.dev`.
 */
export const deDev = {
  taskPicker: 'Aufgabe',
  taskPickerPlaceholder: 'Aufgabe wählen',
  noTasks: 'Du hast noch keine Aufgaben.',
  pickTask: 'Wähle eine Aufgabe, um ihre Abgaben zuzuordnen.',
  loadFailed: 'Die Daten konnten nicht geladen werden.',

  stats: {
    counts: 'Bestand',
    users: 'Nutzer',
    classes: 'Klassen',
    tasks: 'Aufgaben',
    files: 'Dateien',
    submissions: 'Abgaben nach Status',
    status: 'Status',
    count: 'Anzahl',
    /** The stored statuses of PRODUCT.md §3. */
    statuses: {
      offen: 'offen',
      abgegeben: 'abgegeben',
      inKorrektur: 'inKorrektur',
      korrigiert: 'korrigiert',
      ausgeteilt: 'ausgeteilt',
      error: 'error',
    } as Record<string, string>,
    queue: 'Job-Warteschlange',
    queueNotStarted: 'Warteschlange nicht gestartet',
    queueNotStartedHint: 'Sie startet mit einem KI-Dienst oder beim ersten PDF-Export der Feedbackbögen.',
    noQueues: 'Noch keine Warteschlangen angelegt.',
    queueName: 'Warteschlange',
    queued: 'Wartend',
    active: 'Laufend',
    failed: 'Fehlgeschlagen',
    aiSpend: 'KI-Kosten',
    coinsSpent: (n: number) =>
      `${n.toLocaleString('de-DE')} Coins für KI-Aufträge ausgegeben (abzüglich Erstattungen)`,
    refresh: 'Aktualisieren',
  },

  ocr: {
    intro: 'Lade ein Bild hoch und sieh, was der KI-Dienst darin liest. Das Bild wird nicht gespeichert.',
    file: 'Bild (JPEG, PNG oder WebP)',
    filePlaceholder: 'Bild auswählen',
    read: 'Text erkennen',
    result: 'Erkannter Text',
    empty: 'Der KI-Dienst hat keinen Text erkannt.',
    tooLarge: 'Das Bild ist zu groß (höchstens 6 MB).',
  },

  flow: {
    intro: 'Die Abgaben dieser Aufgabe, nach ihrem Status gruppiert (nur lesend).',
    none: 'Keine',
    files: (n: number) => (n === 1 ? '1 Datei' : `${n} Dateien`),
  },

  matching: {
    pickTask: 'Wähle eine Aufgabe, um ihre Dateien den Schülern zuzuordnen.',
  },

  oldTask: {
    content: 'Aufgabe',
    submissions: 'Abgaben',
    open: 'Zur Aufgabe',
    noContent: 'Diese Aufgabe hat noch keinen Inhalt.',
  },

  legacy: {
    heading: 'Diese Adresse gibt es nicht mehr',
    text: 'Die Abgaben einer Aufgabe findest du jetzt auf der Seite der Aufgabe in ihrer Klasse.',
    toClass: 'Zur Klasse',
  },
} as const;
