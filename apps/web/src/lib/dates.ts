/** Dates as the German UI shows and edits them (local time of the browser). */

const dateTimeFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The due-date field is German text ("29.11.2026, 14:30") rather than `<input type="datetime-local">`, whose
 * format follows the browser's language (mm/dd/yyyy in an English Chromium).
 */
export const DATE_TIME_INPUT_PLACEHOLDER = 'TT.MM.JJJJ, HH:MM';

/** An ISO timestamp as the due-date field shows it (local time, minutes); '' for none. */
export function toGermanInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The due-date field's text as an ISO timestamp: "29.11.2026, 14:30", "29.11.2026 14.30 Uhr", or a date alone
 * (then the end of that day, 23:59). null when empty or not a real date and time.
 */
export function fromGermanInputValue(value: string): string | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})(?:,?\s*(\d{1,2})[:.](\d{2})(?:\s*Uhr)?)?\s*$/.exec(value);
  if (!match) return null;
  const [day, month, year, hours = 23, minutes = 59] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as [
    number,
    number,
    number,
    number | undefined,
    number | undefined,
  ];
  const date = new Date(year, month - 1, day, hours, minutes);
  // 31.02. or 25:00 would roll over into another day: not what was typed.
  const real =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hours &&
    date.getMinutes() === minutes;
  return real ? date.toISOString() : null;
}
