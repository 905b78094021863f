/**
 * Strings of the rubric library (ADR 038): saving a task's rubric as a template, and the library dialog that
 * finds templates by subject, grade and words and copies one into the task's rubric. Merged into `de` as
 * `de.library`.
 */

const count = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

export const deLibrary = {
  open: 'Vorlage aus der Bibliothek',
  save: 'Als Vorlage speichern',

  dialogTitle: 'Raster-Bibliothek',
  dialogIntro:
    'Deine Vorlagen, die Vorlagen deiner Schule und mitgelieferte Raster. Eine Vorlage wird als Kopie in diese Aufgabe übernommen: Änderungen hier ändern die Vorlage nicht.',
  search: 'Suche',
  searchPlaceholder: 'z. B. Modellieren, Erörterung',
  subject: 'Fach',
  grade: 'Jahrgangsstufe',
  gradePlaceholder: 'z. B. 7',
  loading: 'Vorlagen werden geladen …',
  loadFailed: 'Die Vorlagen konnten nicht geladen werden.',
  none: 'Keine Vorlage passt zu deiner Suche.',
  results: (n: number) => count(n, 'Vorlage', 'Vorlagen'),
  summary: (groups: number, skills: number) =>
    `${count(groups, 'Kompetenzbereich', 'Kompetenzbereiche')}, ${count(skills, 'Kompetenz', 'Kompetenzen')}`,
  starter: 'Mitgeliefert',
  mine: 'Meine Vorlage',
  school: 'Schule',
  byAuthor: (name: string) => `von ${name}`,
  private: 'Privat',
  shared: 'Für meine Schule',
  showContent: 'Inhalt ansehen',
  hideContent: 'Inhalt ausblenden',
  levels: (n: number) => count(n, 'Stufe', 'Stufen'),
  use: 'In dieses Raster übernehmen',
  replace: 'Vorhandenes Raster ersetzen',
  replaceHint: 'Ohne Haken kommt die Vorlage hinter die vorhandenen Kompetenzbereiche.',
  remove: 'Vorlage löschen',
  removeTitle: 'Vorlage löschen?',
  removeText: (title: string) =>
    `„${title}“ wird aus der Bibliothek gelöscht. Aufgaben, die sie schon übernommen haben, behalten ihre Kopie.`,

  saveTitle: 'Raster als Vorlage speichern',
  saveIntro:
    'Die Vorlage ist eine Kopie des jetzigen Rasters mit allen Kompetenzbereichen, Kompetenzen und Stufen.',
  title: 'Titel',
  description: 'Beschreibung',
  shareWithSchool: 'Mit allen Lehrkräften meiner Schule teilen',
  shareHint: 'Die Schule aus deinem Konto. Ohne Haken siehst nur du die Vorlage.',
  saveSubmit: 'Vorlage speichern',

  toasts: {
    used: 'Die Vorlage wurde in das Bewertungsraster übernommen.',
    useFailed: 'Fehler beim Übernehmen der Vorlage',
    saved: 'Das Raster wurde als Vorlage gespeichert.',
    saveFailed: 'Fehler beim Speichern der Vorlage',
    removed: 'Die Vorlage wurde gelöscht.',
    removeFailed: 'Fehler beim Löschen der Vorlage',
  },
};
