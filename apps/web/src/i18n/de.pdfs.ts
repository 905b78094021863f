/** Strings of the printable PDFs (worksheets per student). Merged into `de` as `de.pdfs`. */
export const dePdfs = {
  heading: 'Drucken',
  worksheetsHelp:
    'Ein Arbeitsblatt pro Schüler mit Namen und eigenem QR-Code auf jeder Seite, damit eingescannte Seiten zugeordnet werden können.',
  printWorksheets: 'Arbeitsblätter drucken',
  downloaded: (fileName: string) => `${fileName} wurde heruntergeladen.`,
  failed: 'Die Arbeitsblätter konnten nicht erstellt werden. Bitte versuche es erneut.',
};
