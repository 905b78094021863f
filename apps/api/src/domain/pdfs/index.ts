export { classOverviewPdf } from './class-overview';
export { feedbackSheetPdf } from './feedback-sheet';
export { pdfTemplates } from './templates';
export { worksheetPdf, type PdfFile } from './worksheet';
export { getPdfExport, pdfExportFile, startPdfExport } from './exports';
