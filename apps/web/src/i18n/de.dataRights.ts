/**
 * Strings of the data rights on the class page (ADR 022): exporting a student's or a class's data and
 * deleting a student with everything of theirs. Merged into `de` as `de.dataRights`.
 */
export const deDataRights = {
  classCard: {
    heading: 'Datenschutz',
    text: 'Lade alle Daten dieser Klasse als ZIP-Datei herunter: die Schüler, die Aufgaben, alle Abgaben mit den hochgeladenen Dateien, Bewertungen und ausgeteilten Rückmeldungen. Eine Datei README.txt im Archiv erklärt den Inhalt.',
    export: 'Daten exportieren',
  },
  student: {
    more: (name: string) => `Weitere Aktionen für ${name}`,
    export: 'Daten exportieren',
    delete: 'Schüler löschen',
    deleteTitle: 'Schüler löschen?',
    deleteText: (name: string) =>
      `${name} wird endgültig gelöscht – mit allem, was dazu gespeichert ist: das Schülerkonto mit seinen Anmeldedaten, die Mitgliedschaft in allen deinen Klassen, alle Abgaben mit den hochgeladenen Dateien, die Bewertungen und die ausgeteilten Rückmeldungen. Das lässt sich nicht rückgängig machen. Exportiere vorher die Daten, wenn du sie behalten musst.`,
    deleteConfirm: 'Endgültig löschen',
    deleted: (name: string) => `${name} wurde gelöscht`,
  },
  exportWorking: 'Der Export wird erstellt …',
  exported: (fileName: string) => `${fileName} wurde heruntergeladen.`,
  exportFailed: 'Der Export ist fehlgeschlagen. Bitte versuche es später erneut.',
};
