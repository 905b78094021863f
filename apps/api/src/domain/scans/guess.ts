import { SCAN_MAX_CANDIDATES, type ScanReason } from '@app/contract';

// Best guesses for the pages of a scanned stack that their code did not assign (ADR 017). Pure functions:
// the stack in order with what is known about each page, the class list and which students still lack
// pages, the text read from a page. A guess states only reasons that are true of its student; a page of
// another task or an empty back is never guessed (the caller does not ask for one).

/** One page of the stack: the student it belongs to when known (its code, or matched before), else null. */
export interface StackPage {
  studentId: string | null;
}

export interface Guess {
  studentId: string;
  confidence: number;
}

/** Lower case, without accents and umlaut dots, letters only ("Gärtner" → "gartner", "Yılmaz" → "yilmaz"). */
function fold(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      // Letters without a decomposition, which a reader (or the German OCR) gives as their base letter.
      .replace(/[ıłđøħ]/g, (c) => ({ ı: 'i', ł: 'l', đ: 'd', ø: 'o', ħ: 'h' })[c]!)
  );
}

function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 2);
}

/** 1 − edit distance / length of the longer word. */
function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return 1 - row[b.length]! / Math.max(a.length, b.length);
}

/** How well the best-fitting word of `read` matches `name` (0…1). */
function bestWord(read: readonly string[], name: string): number {
  let best = 0;
  for (const word of read) best = Math.max(best, similarity(word, name));
  return best;
}

export interface ClassMember {
  id: string;
  first_name: string;
  last_name: string;
}

/** Below this a name counts as not found. */
const NAME_THRESHOLD = 0.75;

/**
 * The student whose name fits the text read from the page (the printed or handwritten name field), matched
 * fuzzily and only here: the class list never leaves the app. Both names count, the last name more; a
 * second student fitting almost as well halves the confidence.
 */
export function nameGuess(text: string, members: readonly ClassMember[]): Guess | null {
  // The worksheet's name field, where the text has one; otherwise every word read.
  const field = /\bname\b\s*[:;.]?\s*(.+)/i.exec(text)?.[1];
  const read = field && words(field).length > 0 ? words(field) : words(text);
  if (read.length === 0) return null;
  const scored = members
    .map((m) => {
      const last = Math.min(...words(m.last_name).map((w) => bestWord(read, w)));
      const firstWords = words(m.first_name);
      const first = firstWords.length ? Math.min(...firstWords.map((w) => bestWord(read, w))) : 0;
      return { id: m.id, score: Number.isFinite(last) ? 0.6 * last + 0.4 * first : 0 };
    })
    .sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (!best || best.score < NAME_THRESHOLD) return null;
  const ambiguous = second !== undefined && best.score - second.score < 0.1;
  const confidence = Math.round((ambiguous ? best.score / 2 : best.score) * 100) / 100;
  return { studentId: best.id, confidence };
}

export interface PageGuess {
  studentId: string;
  confidence: number;
  reasons: ScanReason[];
  /** The likeliest students, the guess first. */
  candidates: string[];
}

export interface GuessInput {
  stack: readonly StackPage[];
  index: number;
  /** The student whose name was read on the page, if any. */
  byName: Guess | null;
  /**
   * Students whose pages are not all there yet, with how many are missing (null: not known, no set of this
   * task has been read completely yet).
   */
  missing: ReadonlyMap<string, number | null>;
  /** Pages of this stack still without a student (no code, not blank): they compete for the missing ones. */
  open: number;
}

/** Evidence weights; a sum of at least 0.7 (SCAN_SURE_CONFIDENCE) makes a guess Enter may confirm. */
const WEIGHT = {
  neighbours: 0.75,
  neighbourBefore: 0.45,
  neighbourAfter: 0.35,
  onlyMissing: 0.6,
  /** Only missing, but more open pages than it lacks: one of them is not its page. */
  onlyMissingCrowded: 0.3,
  missing: 0.15,
  /** Factor on a name read for a student whose pages are all there: an extra sheet, or a misreading. */
  nameComplete: 0.6,
  /** Factor on the confidence when the runner-up is within `CLOSE` of the best. */
  close: 0.6,
};
const CLOSE = 0.25;

/** The nearest pages before and after `index` whose student is known. */
function neighboursOf(stack: readonly StackPage[], index: number) {
  let before: string | null = null;
  for (let i = index - 1; i >= 0 && before === null; i--) before = stack[i]!.studentId;
  let after: string | null = null;
  for (let i = index + 1; i < stack.length && after === null; i++) after = stack[i]!.studentId;
  return { before, after };
}

/**
 * The guess for one page without a code: the name read on it, its neighbours in the stack (a student's set
 * lies together: the pages around it, but only for a student who still lacks pages) and the class list
 * (a student whose pages are all there is not proposed by neighbours or absence). Null when nothing points
 * to anyone.
 */
export function guessPage({ stack, index, byName, missing, open }: GuessInput): PageGuess | null {
  const scores = new Map<string, { score: number; reasons: ScanReason[] }>();
  const add = (studentId: string, score: number, reason: ScanReason) => {
    const entry = scores.get(studentId) ?? { score: 0, reasons: [] };
    entry.score += score;
    entry.reasons.push(reason);
    scores.set(studentId, entry);
  };

  if (byName)
    add(
      byName.studentId,
      byName.confidence * (missing.has(byName.studentId) ? 1 : WEIGHT.nameComplete),
      'name',
    );

  const { before, after } = neighboursOf(stack, index);
  if (before !== null && before === after) {
    if (missing.has(before)) add(before, WEIGHT.neighbours, 'neighbours');
  } else {
    if (before !== null && missing.has(before)) add(before, WEIGHT.neighbourBefore, 'neighbour_before');
    if (after !== null && missing.has(after)) add(after, WEIGHT.neighbourAfter, 'neighbour_after');
  }

  if (missing.size === 1) {
    const [only, count] = [...missing][0]!;
    add(
      only,
      count !== null && open > count ? WEIGHT.onlyMissingCrowded : WEIGHT.onlyMissing,
      'only_missing',
    );
  } else if (missing.size > 1 && missing.size <= SCAN_MAX_CANDIDATES * 2) {
    // Absence tells little in a class where many lack pages; among a few it narrows the choice.
    for (const studentId of missing.keys()) add(studentId, WEIGHT.missing, 'missing');
  }

  const ranked = [...scores].sort((a, b) => b[1].score - a[1].score);
  if (ranked.length === 0) return null;
  const [studentId, best] = ranked[0]!;
  const runnerUp = ranked[1]?.[1].score ?? 0;
  let confidence = Math.min(0.99, best.score);
  if (best.score - runnerUp < CLOSE) confidence *= WEIGHT.close;
  return {
    studentId,
    confidence: Math.round(confidence * 100) / 100,
    reasons: best.reasons,
    candidates: ranked.slice(0, SCAN_MAX_CANDIDATES).map(([id]) => id),
  };
}

/**
 * The students still lacking pages. `have` counts each student's pages read from stacks (by code or
 * assigned from the queue); a set has as many pages as most students' complete sets (the per-student
 * worksheet prints the same number for everyone). Before any set is known, every student without a page.
 */
export function missingPages(
  students: readonly string[],
  have: ReadonlyMap<string, number>,
): Map<string, number | null> {
  const counts = new Map<number, number>();
  for (const n of have.values()) if (n > 0) counts.set(n, (counts.get(n) ?? 0) + 1);
  // The most common count, the larger on a tie (a set is never smaller than what one student has by code).
  const setSize = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? null;
  const missing = new Map<string, number | null>();
  for (const id of students) {
    const n = have.get(id) ?? 0;
    if (setSize === null) {
      if (n === 0) missing.set(id, null);
    } else if (n < setSize) missing.set(id, setSize - n);
  }
  return missing;
}
