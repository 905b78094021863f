/**
 * German strings of the public submit page `/submit/{taskId}`, one table for both of its renderings: the HTML
 * the API sends (apps/api/src/routes/pages/, ADR 020) and the React page that takes it over (the web's
 * `de.submit`, ADR 012). Students are addressed with "du". A module of its own: the page's bundle takes only
 * these from the contract.
 */

/** Singular or plural form by count. */
export const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const SUBMIT_PAGE_STRINGS = {
  /** A TikZ picture in the task content (the server's SVG), on the public pages and in the web's editor. */
  tikzPicture: {
    /** Accessible name of a rendered picture. */
    pictureLabel: 'TikZ-Grafik',
    /** …of a picture with labels: their text as written (TeX's glyphs read otherwise). */
    pictureLabelWithText: (text: string) => `TikZ-Grafik: ${text}`,
    /** Shown instead of a picture that was not rendered (yet): its source. */
    notRendered: 'Diese Grafik konnte nicht dargestellt werden. Ihr TikZ-Code:',
  },
  /** `/submit/{taskId}` — students on their phones, addressed with "du". */
  submit: {
    /** The document title once the task is known (as the server's page has it). */
    documentTitle: (title: string) => `${title} – Abgabe`,
    loading: 'Aufgabe wird geladen …',
    loadFailed:
      'Die Aufgabe konnte nicht geladen werden. Bitte prüfe deine Verbindung und versuche es erneut.',
    notFound: 'Diese Aufgabe gibt es nicht. Bitte prüfe den Link oder frag deine Lehrkraft.',
    reload: 'Erneut versuchen',
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
      /** A photo converted (and shrunk) before the upload: the picked file's name comes first. */
      storedAs: (name: string, size: string) => `– umgewandelt und als ${name} (${size}) gespeichert`,
    },
  },

  /** File sizes in German notation. */
  size: (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`
      : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('de-DE')} KB`,
} as const;

/**
 * What only the page without JavaScript says: its form shows the class list and the typed name at once, and
 * its post answers with a receipt or an error page of its own. Apart from SUBMIT_PAGE_STRINGS so that the
 * scripted page's bundle does not carry them.
 */
export const SUBMIT_PAGE_SERVER_STRINGS = {
  /** Before `submit.nameTyped`, the label of the typed name beside the list. */
  notListed: 'Nicht in der Liste?',
  error: {
    heading: 'Das hat nicht geklappt',
    back: 'Zurück zur Aufgabe',
    foreignOrigin: 'Bitte gib deine Dateien direkt auf der Seite der Aufgabe ab.',
  },
} as const;
