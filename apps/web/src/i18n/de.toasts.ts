import { deShell } from './de.shell';

/** The error and success toasts of PRODUCT.md §8, by feature. Merged into `de` as `de.toasts`. */
export const deToasts = {
  tasks: {
    loadFailed: 'Ein Fehler ist bei dem Fetchen der Tasks aufgetreten.',
    notFound: 'Aufgabe nicht gefunden',
    updateOnServerFailed: 'Fehler beim Aktualisieren der Aufgabe auf dem Server',
    updateFailed: 'Fehler beim Updaten der Aufgabe',
    deleteFailed: 'Fehler beim Löschen der Aufgabe',
    createOnServerFailed: 'Fehler beim Erstellen der Aufgabe auf dem Server',
    updated: 'Aufgabe erfolgreich aktualisiert',
    created: 'Aufgabe erfolgreich erstellt',
  },
  classes: {
    loadFailed: 'Fehler beim Laden der Klassen',
    idNotFound: 'Klassen ID nicht gefunden',
    notFound: 'Klasse nicht gefunden',
    updateFailed: 'Fehler beim Ändern der Klasse',
    createFailed: 'Fehler beim Einfügen der Klasse',
    deleteFailed: 'Fehler beim Loeschen der Klasse',
    created: 'Die Klasse wurde erfolgreich erstellt',
    deleted: 'Die Klasse wurde erfolgreich gelöscht',
  },
  subjects: {
    updateFailed: 'Fehler beim Aktualisieren des Fachs',
    createFailed: 'Fehler beim Erstellen des Fachs',
    deleteFailed: 'Fehler beim Löschen des Fachs',
    notFound: 'Fach nicht gefunden',
    updated: 'Fach wurde erfolgreich aktualisiert',
    created: 'Das Fach wurde erfolgreich erstellt',
    deleted: 'Fach wurde erfolgreich gelöscht',
  },
  students: {
    loadFailed: 'Fehler beim Laden der Schüler',
    removeFromClassFailed: 'Fehler beim Löschen des Schülers aus der Klasse',
    timestampUpdateFailed: 'Fehler beim Aktualisieren des Zeitstempels',
    removedFromClass: 'Schüler erfolgreich aus der Klasse gelöscht',
  },
  registration: {
    statesLoadFailed: 'Fehler beim Laden der Bundesländer',
    schoolsLoadFailed: 'Fehler beim Laden der Schulen',
    profileUpdateFailed: 'Fehler beim Aktualisieren des Profils',
    schoolSaveFailed: 'Fehler beim Speichern der Schulinformationen',
    profileSaveFailed: 'Fehler beim Speichern des Profils',
    completed: 'Registrierung erfolgreich abgeschlossen!',
  },
  submissions: {
    filesLoadFailed: 'Fehler beim Laden der Dateien',
    createFailed: 'Fehler beim Erstellen der Abgabe',
    updateFailed: 'Fehler beim Aktualisieren der Abgabe',
    deleteFailed: 'Fehler beim Löschen der Abgabe',
    matchFailed: 'Fehler beim Zuweisen der Datei',
    unmatchFailed: 'Fehler beim Löschen der Zuweisung',
    updated: 'Abgabe erfolgreich aktualisiert',
    deleted: 'Abgabe erfolgreich gelöscht',
  },
  grading: {
    saveFailed: 'Fehler beim Speichern des Feedbacks',
    deleteFailed: 'Fehler beim Löschen des Feedbacks',
    resetFailed: 'Fehler beim Zurücksetzen des Feedbacks',
    updated: 'Feedback erfolgreich aktualisiert',
    deleted: 'Feedback erfolgreich gelöscht',
    reset: 'Feedback erfolgreich zurückgesetzt',
  },
  corrections: {
    generateFailed: 'Fehler beim Generieren des Feedbacks',
  },
  /** PRODUCT.md §8 "Generic". */
  generic: {
    fetchFailed: (table: string) => `Failed to fetch ${table}`,
    taskNotFound: 'Task not found',
    invalidResponse: deShell.api.invalidResponse,
  },
} as const;
