/** Strings of the printable PDFs (worksheets, feedback sheets, class overview). Merged into `de` as `de.pdfs`. */
export const dePdfs = {
  heading: 'Drucken',
  worksheetsHelp:
    'Ein Arbeitsblatt pro Schüler mit Namen und eigenem QR-Code auf jeder Seite, damit eingescannte Seiten zugeordnet werden können.',
  printWorksheets: 'Arbeitsblätter drucken',
  downloaded: (fileName: string) => `${fileName} wurde heruntergeladen.`,
  failed: 'Die Arbeitsblätter konnten nicht erstellt werden. Bitte versuche es erneut.',
  classOverview: 'Klassenübersicht (PDF)',
  classOverviewHelp: 'Alle Schüler mit ihren Punkten je Kompetenz auf einer Tabelle.',
  classOverviewFailed: 'Die Klassenübersicht konnte nicht erstellt werden. Bitte versuche es erneut.',
  feedbackSheet: 'Feedbackbogen (PDF)',
  /** Not handed back yet: the sheet says "Entwurf – noch nicht ausgeteilt". */
  feedbackSheetDraft: 'Feedbackbogen – Entwurf (PDF)',
  feedbackSheetDraftHint:
    'Noch nicht ausgeteilt: Der Bogen ist als Entwurf gekennzeichnet. Nach dem Austeilen druckt er den Stand der Rückgabe.',
  /** Changed since the hand-back: which of the two to print. */
  feedbackSheetWhich: 'Welcher Stand?',
  feedbackSheetReleased: 'Stand der Rückgabe – wie im Feedback-Link',
  feedbackSheetCurrent: 'Aktueller Stand – Entwurf, noch nicht ausgeteilt',
  feedbackSheetFailed: 'Der Feedbackbogen konnte nicht erstellt werden. Bitte versuche es erneut.',
  export: {
    heading: 'Feedbackbögen exportieren',
    help: 'Ein Feedbackbogen für jede bewertete Abgabe: ausgeteilte im Stand der Rückgabe, wie im Feedback-Link, die anderen als Entwurf gekennzeichnet. Schüler ohne Bewertung sind nicht enthalten.',
    format: 'Format',
    pdf: 'Ein PDF',
    pdfHelp: 'Alle Bögen hintereinander, zum Ausdrucken',
    zip: 'ZIP (ein PDF pro Schüler)',
    zipHelp: 'Jeder Bogen als eigene Datei mit dem Namen des Schülers',
    start: 'Feedbackbögen exportieren',
    progressLabel: 'Fortschritt des Exports',
    progress: (done: number, total: number) => `${done} von ${total}`,
    queued: 'Der Export wartet auf den Start …',
    ready: 'Der Export ist fertig.',
    downloadAgain: (fileName: string) => `${fileName} erneut herunterladen`,
    failed: 'Der Export konnte nicht gestartet werden. Bitte versuche es erneut.',
    downloadFailed: 'Der Export konnte nicht heruntergeladen werden. Bitte versuche es erneut.',
  },
};
