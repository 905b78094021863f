import { plural } from './de.submit';

/**
 * Strings of reading a scanned stack on `/submissions/add` (PRODUCT.md §4 "Scans zuordnen"): what the QR codes
 * assigned and the queue of best guesses. Merged into `de` as `de.scans`.
 */
export const deScans = {
  summaryHeading: 'Erkannt',
  byCode: (count: number) => `${count} ${plural(count, 'Seite', 'Seiten')} per QR-Code zugeordnet`,
  foreign: (count: number) =>
    `${count} ${plural(count, 'Seite gehört', 'Seiten gehören')} zu einer anderen Aufgabe`,
  noCode: (count: number) => `${count} ${plural(count, 'Seite', 'Seiten')} ohne lesbaren Code`,
  blank: (count: number) => `${count} ${plural(count, 'leere Seite', 'leere Seiten')}`,
  /** Badge of a page in the list. */
  assignedByCode: 'per QR-Code zugeordnet',
  foreignHint:
    'Gehört zu einer anderen Aufgabe: Der QR-Code stammt von einem anderen Arbeitsblatt. Prüfe, ob das Blatt in diesen Stapel gehört.',
  blankHint: 'Leere Seite (z. B. eine Rückseite): wird niemandem vorgeschlagen.',

  readingHeading: 'Stapel wird gelesen',
  reading: (done: number, total: number) =>
    `${done} von ${total} ${plural(total, 'Seite', 'Seiten')} gelesen`,
  readingHint:
    'Die Codes und Namen werden im Hintergrund gelesen; erkannte Seiten erscheinen von selbst. Du kannst schon zuordnen oder die Seite verlassen und später wiederkommen.',

  queueHeading: 'Zuordnung bestätigen',
  queueHint:
    'Seiten ohne lesbaren Code, mit dem wahrscheinlichsten Schüler, die sichersten zuerst. Enter bestätigt einen sicheren Vorschlag und zeigt die nächste Seite; bei „Unklar“ wählst du selbst. A wählt einen anderen Schüler, S überspringt.',
  queueLeft: (count: number) => `Noch ${count} ${plural(count, 'Vorschlag', 'Vorschläge')}`,
  stackPosition: (n: number) => `Seite ${n} des Stapels`,
  guess: 'Vermutlich',
  confidence: (percent: number) => `Sicherheit ${percent} %`,
  unsure: 'Unklar',
  unsureHint: 'Zu unsicher für Enter. Wähle, wem die Seite gehört:',
  likeliest: 'Am ehesten',
  /** Why the page is guessed for the student, one sentence per reason (each one true when it was read). */
  because: {
    name: (student: string) => `Der Name auf dem Blatt passt zu ${student}.`,
    neighbours: (student: string) => `Die Seiten davor und danach gehören ${student}.`,
    neighbour_before: (student: string) => `Die Seite davor gehört ${student}.`,
    neighbour_after: (student: string) => `Die Seite danach gehört ${student}.`,
    only_missing: (student: string) => `Nur von ${student} fehlen noch Seiten.`,
    missing: (student: string) => `Von ${student} fehlen noch Seiten.`,
  },
  confirm: 'Bestätigen',
  confirmKey: 'Enter',
  skip: 'Überspringen',
  skipKey: 'S',
  other: 'Anderer Schüler',
  otherKey: 'A',
  otherAssign: 'Zuordnen',
  pick: 'Bitte auswählen …',
  enlarge: 'Groß öffnen',
  enlargeLabel: (name: string) => `${name} groß in neuem Tab öffnen`,
  thumbAlt: (name: string) => `Scan von ${name}`,
  /** Live region: the page now shown and its guess. */
  announceCurrent: (page: number, student: string, reason: string) =>
    `Seite ${page} des Stapels: vermutlich ${student}. ${reason} Enter bestätigt.`,
  announceUnsure: (page: number, students: string) =>
    `Seite ${page} des Stapels: unklar, am ehesten ${students}. Bitte wähle, wem sie gehört.`,
  announceConfirmed: (page: number, student: string) => `Seite ${page} → ${student} zugeordnet.`,
  announceSkipped: (page: number) => `Seite ${page} übersprungen.`,
  done: 'Alle Vorschläge sind bearbeitet.',
  skippedLeft: (count: number) =>
    `${count} ${plural(count, 'Seite wurde', 'Seiten wurden')} übersprungen; du findest sie unten in der Liste.`,
  showSkipped: 'Übersprungene erneut zeigen',
};
