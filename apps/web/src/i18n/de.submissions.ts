import { deSubmit, plural } from './de.submit';

/**
 * Strings of the submissions feature: the public submit page, the QR page, the teacher's
 * submissions table, matching, adding and verifying. Merged into `de` (`de.ts`) as `de.submissions`.
 */

export const deSubmissions = {
  ...deSubmit,

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
    caption: 'Abgaben der Schüler',
    student: 'Name',
    status: 'Status',
    files: 'Dateien',
    score: 'Punkte',
    actions: 'Aktionen',
    empty: 'In dieser Klasse gibt es noch keine Schüler.',
    noFiles: 'keine',
    fileCount: (count: number) => `${count} ${plural(count, 'Datei', 'Dateien')}`,
    // Starts with the number the link shows, so that a spoken command can name it.
    openFile: (number: number, name: string, student: string) => `${number}: ${name} von ${student} öffnen`,
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
    /** Two students handed in a file with the same content (the API's `identical_files_with`). */
    identical: 'Gleiche Datei',
    identicalHint: (students: readonly string[]) =>
      `Gleiche Datei wie in der Abgabe von ${
        students.length > 1 ? `${students.slice(0, -1).join(', ')} und ${students.at(-1)!}` : students[0]!
      }. Vielleicht wurde ein Foto weitergegeben – schau es dir an.`,
  },

  /** `/submissions/match` and the matching part of `/submissions/add`. */
  match: {
    intro:
      'Ziehe eine Datei auf einen Namen. Mit der Tastatur: Datei mit Enter oder Leertaste auswählen, dann mit den Pfeiltasten einen Namen wählen und mit Enter zuweisen.',
    filesHeading: 'Nicht zugeordnete Dateien',
    studentsHeading: 'Schüler',
    noFiles: 'Alle Dateien sind zugeordnet.',
    uploadedAs: (label: string) => `hochgeladen als „${label}“`,
    fileCount: (count: number) => `${count} ${plural(count, 'Datei', 'Dateien')}`,
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
  },

  /** `/submissions/add` */
  add: {
    intro:
      'Lade die eingescannten Blätter der Klasse auf einmal hoch (Fotos oder PDF-Dateien) und ordne sie danach den Schülern zu.',
    choose: 'Scans auswählen',
    uploading: (done: number, total: number) => `${done} von ${total} Dateien hochgeladen`,
    splitHint:
      'Eine PDF-Datei mit mehreren Seiten wird beim Hochladen in einzelne Seiten geteilt. Seiten mit dem QR-Code eines Arbeitsblatts pro Schüler werden sofort zugeordnet; die übrigen bestätigst oder ordnest du unten zu.',
    pagesHeading: 'Seiten des Stapels',
    pagesEmpty: 'Noch keine Scans hochgeladen.',
    pagesLabel: 'Seiten des Stapels in der Reihenfolge des Hochladens',
    remaining: (count: number) =>
      count === 0
        ? 'Alle Seiten sind zugeordnet.'
        : `${count} ${plural(count, 'Seite ist', 'Seiten sind')} noch niemandem zugeordnet.`,
    position: (n: number) => `${n}.`,
    pdfPage: (page: number) => `Seite ${page}`,
    pdf: 'PDF',
    open: 'Öffnen',
    openLabel: (name: string) => `${name} in neuem Tab öffnen`,
    previewAlt: (name: string) => `Vorschau von ${name}`,
    studentFor: (name: string) => `Schüler für ${name}`,
    unassigned: '– nicht zugeordnet –',
    quickHeading: 'Schnell zuordnen',
    quickHint:
      'Die nächsten noch nicht zugeordneten Seiten gehen an die gewählte Person; danach ist die nächste Person gewählt. So ordnest du einen ganzen Stapel mit Enter zu.',
    count: 'Seiten pro Schüler',
    student: 'Schüler',
    assignNext: (count: number) =>
      count === 1 ? 'Nächste Seite zuordnen' : `Nächste ${count} Seiten zuordnen`,
    assigned: (from: number, to: number, student: string) =>
      from === to ? `Seite ${from} → ${student}` : `Seiten ${from}–${to} → ${student}`,
    nothingLeft: 'Es gibt keine Seite mehr, die noch niemandem zugeordnet ist.',
  },

  /** `/submissions/verify` */
  verify: {
    position: (index: number, total: number) => `${index} von ${total}`,
    // The names begin with the visible word (Zurück, Weiter), so that a spoken command finds the button.
    previous: 'Zurück zum vorherigen Schüler',
    next: 'Weiter zum nächsten Schüler',
    previousShort: 'Zurück',
    nextShort: 'Weiter',
    keyboardHint: 'Mit ← und → blätterst du durch die Klasse.',
    noFiles: 'Keine Dateien abgegeben.',
    empty: 'In dieser Klasse gibt es noch keine Abgaben.',
    pdfTitle: (name: string) => `PDF ${name}`,
    openPdf: 'PDF in neuem Tab öffnen',
    close: 'Schließen',
  },
} as const;
