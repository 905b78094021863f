// How the printed PDFs date and name themselves: the product's German conventions, beside the layout engine
// (lib/pdf/layout.ts) that draws them.

/** German date (dd.mm.yyyy) in the school's time zone. */
export const germanDate = (date: Date) =>
  date.toLocaleDateString('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });

/** A file name without characters file systems refuse. */
export const safeFileName = (name: string) =>
  name
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80) || 'Dokument';
