/**
 * Strings of the submissions feature (issue 5): the public submit page, the QR page, the teacher's
 * submissions table, matching, adding and verifying. Merged into `de` (`de.ts`) as `de.submissions`.
 */

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const deSubmissions = {
  /** `/submit/{taskId}` — students on their phones, addressed with "du". */
  submit: {
    loading: 'Aufgabe wird geladen …',
    loadFailed:
      'Die Aufgabe konnte nicht geladen werden. Bitte prüfe deine Verbindung und lade die Seite neu.',
    notFound: 'Diese Aufgabe gibt es nicht. Bitte prüfe den Link oder frag deine Lehrkraft.',
    reload: 'Neu laden',
    contentHeading: 'Aufgabe',
    dueDate: (date: string) => `Abgabe bis ${date}`,
    closed: {
      draft: 'Diese Aufgabe ist noch nicht freigegeben und nimmt noch keine Abgaben an.',
      closed: 'Diese Aufgabe ist geschlossen und nimmt keine Abgaben mehr an.',
      past_due: 'Die Abgabefrist ist abgelaufen. Diese Aufgabe nimmt keine Abgaben mehr an.',
      generic: 'Diese Aufgabe nimmt gerade keine Abgaben an.',
    },
    nameHeading: '1. Dein Name',
    namePick: 'Wähle deinen Namen',
    namePlaceholder: 'Bitte auswählen …',
    nameMissing: 'Mein Name fehlt',
    nameTyped: 'Dein Vor- und Nachname',
    nameTypedHint: 'Deine Lehrkraft ordnet deine Abgabe dann dir zu.',
    nameTypedError: 'Bitte gib deinen Namen ein (mindestens 2 Zeichen).',
    namePickError: 'Bitte wähle deinen Namen aus.',
    backToList: 'Doch aus der Liste wählen',
    filesHeading: '2. Deine Lösung',
    filesHint: (maxFiles: number, maxMb: number) =>
      `Fotos oder PDF-Dateien, höchstens ${maxFiles} Dateien mit je ${maxMb} MB.`,
    takePhoto: 'Foto aufnehmen',
    chooseFiles: 'Dateien auswählen',
    fileListLabel: 'Ausgewählte Dateien',
    noFiles: 'Noch keine Dateien ausgewählt.',
    remove: (name: string) => `${name} entfernen`,
    removeShort: 'Entfernen',
    retry: (name: string) => `${name} erneut hochladen`,
    retryShort: 'Erneut versuchen',
    progressLabel: (name: string) => `Upload von ${name}`,
    status: {
      preparing: 'Wird vorbereitet …',
      ready: 'Bereit zum Hochladen',
      uploading: (percent: number) => `Wird hochgeladen: ${percent} %`,
      done: 'Hochgeladen',
      duplicate: 'Schon vorhanden (nicht doppelt gespeichert)',
      failed: 'Fehlgeschlagen',
    },
    compressed: (from: string, to: string) => `verkleinert von ${from} auf ${to}`,
    tooLarge: (maxMb: number) => `Diese Datei ist zu groß (höchstens ${maxMb} MB).`,
    wrongType: 'Dieses Dateiformat wird nicht unterstützt. Erlaubt sind Fotos und PDF-Dateien.',
    tooMany: (maxFiles: number) => `Du kannst höchstens ${maxFiles} Dateien abgeben.`,
    submit: 'Abgeben',
    submitCount: (count: number) => `${count} ${plural(count, 'Datei', 'Dateien')} abgeben`,
    submitting: 'Wird hochgeladen …',
    needFiles: 'Bitte wähle mindestens eine Datei aus.',
    someFailed: 'Nicht alle Dateien wurden hochgeladen. Versuche die fehlgeschlagenen Dateien erneut.',
    announceAdded: (count: number) => `${count} ${plural(count, 'Datei', 'Dateien')} hinzugefügt.`,
    announceDone: (name: string) => `${name} wurde hochgeladen.`,
    announceFailed: (name: string, message: string) => `${name} konnte nicht hochgeladen werden: ${message}`,
    errors: {
      413: 'Die Datei ist zu groß (höchstens 20 MB pro Datei). Bitte fotografiere die Seite noch einmal oder teile die PDF-Datei.',
      415: 'Dieses Dateiformat wird nicht unterstützt. Erlaubt sind Fotos (JPEG, PNG, WebP, HEIC) und PDF-Dateien.',
      429: 'Zu viele Uploads in kurzer Zeit. Bitte warte ein paar Minuten und versuche es dann erneut.',
      notAccepting: 'Diese Aufgabe nimmt gerade keine Abgaben an. Bitte frag deine Lehrkraft.',
    },
    receipt: {
      heading: 'Abgabe erhalten',
      intro: (name: string) => `Danke, ${name}! Deine Lehrkraft hat diese Dateien erhalten:`,
      at: (dateTime: string) => `Eingegangen am ${dateTime}`,
      duplicates: (count: number) =>
        `${count} ${plural(count, 'Datei war', 'Dateien waren')} schon vorhanden und ${plural(count, 'wurde', 'wurden')} nicht doppelt gespeichert.`,
      more: 'Weitere Dateien abgeben',
      pages: (pages: number) => `${pages} ${plural(pages, 'Seite', 'Seiten')}`,
    },
  },

  /** `/classes/{classId}/tasks/{taskId}/qr` */
  qr: {
    intro: 'Scanne den Code mit der Kamera deines Handys, um deine Lösung abzugeben.',
    link: 'Oder öffne diesen Link:',
    print: 'Drucken',
    back: 'Zurück zur Aufgabe',
    codeLabel: (url: string) => `QR-Code für ${url}`,
  },

  /** The submissions table on the task page. */
  table: {
    heading: 'Abgaben',
    caption: 'Abgaben der Schülerinnen und Schüler',
    student: 'Name',
    status: 'Status',
    files: 'Dateien',
    score: 'Punkte',
    actions: 'Aktionen',
    empty: 'In dieser Klasse gibt es noch keine Schülerinnen und Schüler.',
    noFiles: 'keine',
    fileCount: (count: number) => `${count} ${plural(count, 'Datei', 'Dateien')}`,
    openFile: (name: string, student: string) => `${name} von ${student} öffnen`,
    noScore: '–',
    deleteLabel: (student: string) => `Abgabe von ${student} löschen`,
    deleteTitle: 'Abgabe löschen?',
    deleteText: (student: string) =>
      `Die Abgabe von ${student} wird mit allen Dateien und dem Feedback gelöscht.`,
    deleteConfirm: 'Abgabe löschen',
    match: 'Dateien zuordnen',
    add: 'Scans hochladen',
    verify: 'Abgaben prüfen',
    qr: 'QR-Code',
    unmatched: (count: number) =>
      `${count} ${plural(count, 'Datei ist', 'Dateien sind')} noch keinem Namen zugeordnet.`,
    live: 'Aktualisiert sich automatisch',
  },

  /** `/submissions/match` and the matching part of `/submissions/add`. */
  match: {
    intro:
      'Ziehe eine Datei auf einen Namen. Mit der Tastatur: Datei mit Enter oder Leertaste auswählen, dann mit den Pfeiltasten einen Namen wählen und mit Enter zuweisen.',
    filesHeading: 'Nicht zugeordnete Dateien',
    studentsHeading: 'Schülerinnen und Schüler',
    noFiles: 'Alle Dateien sind zugeordnet.',
    uploadedAs: (label: string) => `hochgeladen als „${label}“`,
    selectFile: (name: string) => `${name} auswählen`,
    selected: 'ausgewählt',
    fileCount: (count: number) => `${count} ${plural(count, 'Datei', 'Dateien')}`,
    dropHere: 'Hier ablegen',
    chooseFileFirst: 'Wähle zuerst eine Datei aus.',
    announceSelected: (name: string) =>
      `${name} ausgewählt. Wähle jetzt mit den Pfeiltasten einen Namen und drücke Enter.`,
    announceAssigned: (file: string, student: string) => `${file} wurde ${student} zugewiesen.`,
    announceUndone: (file: string) => `Zuweisung von ${file} rückgängig gemacht.`,
    announceCancelled: 'Auswahl aufgehoben.',
    undo: 'Rückgängig',
    undoLabel: (file: string, student: string) => `Zuweisung von ${file} an ${student} rückgängig machen`,
    previewAlt: (name: string) => `Vorschau von ${name}`,
    pdf: 'PDF',
    back: 'Zurück zur Aufgabe',
    loadingPreview: 'Vorschau wird geladen',
  },

  /** `/submissions/add` */
  add: {
    intro:
      'Lade die eingescannten Blätter der Klasse auf einmal hoch (Fotos oder PDF-Dateien) und ordne sie danach den Schülerinnen und Schülern zu.',
    choose: 'Scans auswählen',
    uploading: (done: number, total: number) => `${done} von ${total} Dateien hochgeladen`,
    uploadFailed: (name: string, message: string) => `${name}: ${message}`,
    uploaded: (count: number) => `${count} ${plural(count, 'Datei', 'Dateien')} hochgeladen.`,
  },

  /** `/submissions/verify` */
  verify: {
    position: (index: number, total: number) => `${index} von ${total}`,
    previous: 'Vorherige Schülerin / vorheriger Schüler',
    next: 'Nächste Schülerin / nächster Schüler',
    previousShort: 'Zurück',
    nextShort: 'Weiter',
    keyboardHint: 'Mit ← und → blätterst du durch die Klasse.',
    noFiles: 'Keine Dateien abgegeben.',
    empty: 'In dieser Klasse gibt es noch keine Abgaben.',
    pdfTitle: (name: string) => `PDF ${name}`,
    openPdf: 'PDF in neuem Tab öffnen',
    close: 'Schließen',
  },

  /** File sizes in German notation. */
  size: (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`
      : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('de-DE')} KB`,
} as const;
