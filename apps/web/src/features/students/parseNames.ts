import { BULK_STUDENTS_MAX, splitStudentName, STUDENT_NAME_MAX_LENGTH } from '@app/contract';

/**
 * A pasted list of names, one per line (a whole class at once), as the bulk form sends it to
 * `POST /api/createStudents`. Lines come from anywhere — a spreadsheet column, a class list in a word
 * processor, an e-mail — so the parser is forgiving about the shape and strict about what it sends.
 */

interface ParsedName {
  /** The cleaned line as it is sent ("Anna Schmidt", "Müller, Lea"). */
  name: string;
  first_name: string;
  last_name: string;
}

interface ParsedNames {
  /** The names to create, in the order pasted, each once. */
  names: ParsedName[];
  /** Names that appeared more than once (as first written); each is created once. */
  duplicates: string[];
  /** Lines that are too short (under 2 characters) or too long to be a name. */
  invalid: string[];
  /** More names than one request may carry (`BULK_STUDENTS_MAX`). */
  tooMany: boolean;
}

/** Numbering and bullets a pasted list may carry: "1.", "2)", "-", "*", "•", "–". */
const LIST_MARKER = /^(?:\d{1,3}[.)]|[-*•–·])\s+/;

/** One line as a name: tabs and runs of spaces become one space, list markers and stray commas go. */
export function cleanNameLine(line: string): string {
  return line
    .replace(/[\t\u00a0]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(LIST_MARKER, '')
    .replace(/^[,;]+|[,;]+$/g, '')
    .replace(/\s*,\s*/g, ', ')
    .trim();
}

/** Two lines name the same person when they differ only in case or in the order "Nachname, Vorname". */
function identity(name: ParsedName): string {
  return `${name.first_name} ${name.last_name}`.toLocaleLowerCase('de-DE');
}

export function parseStudentNames(text: string): ParsedNames {
  const names: ParsedName[] = [];
  const duplicates: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();

  for (const raw of text.split(/\r\n|\r|\n/)) {
    const name = cleanNameLine(raw);
    if (name === '') continue;
    if (name.length < 2 || name.length > STUDENT_NAME_MAX_LENGTH) {
      invalid.push(name);
      continue;
    }
    const parsed: ParsedName = { name, ...splitStudentName(name) };
    const key = identity(parsed);
    if (seen.has(key)) {
      if (!duplicates.includes(name)) duplicates.push(name);
      continue;
    }
    seen.add(key);
    names.push(parsed);
  }

  return { names, duplicates, invalid, tooMany: names.length > BULK_STUDENTS_MAX };
}
