// Best guesses for the pages of a scanned stack that their code did not assign (ADR 017). Pure functions:
// the stack in order with what is known about each page, the class list, the text read from a page.

/** One page of the stack: the student it belongs to when known (its code, or matched before), else null. */
export interface StackPage {
  studentId: string | null;
}

export interface Guess {
  studentId: string;
  confidence: number;
}

/**
 * The neighbour guess for page `index`: the printed sets of one student lie together in a stack, so a page
 * without a code most likely belongs to the student of the pages around it. Both neighbours agree: sure;
 * only pages of one student before it (the end of the stack, or the next student's set starting after it):
 * likely, since a set starts with its first page; only pages after it: less so.
 */
export function neighbourGuess(stack: readonly StackPage[], index: number): Guess | null {
  let before: string | null = null;
  for (let i = index - 1; i >= 0 && before === null; i--) before = stack[i]!.studentId;
  let after: string | null = null;
  for (let i = index + 1; i < stack.length && after === null; i++) after = stack[i]!.studentId;
  if (before !== null && before === after) return { studentId: before, confidence: 0.9 };
  if (before !== null) return { studentId: before, confidence: after === null ? 0.6 : 0.5 };
  if (after !== null) return { studentId: after, confidence: 0.4 };
  return null;
}

/** Lower case, without accents and umlaut dots, letters only ("Gärtner" → "gartner"). */
function fold(text: string): string {
  return text.toLowerCase().replace(/ß/g, 'ss').normalize('NFD').replace(/\p{M}/gu, '');
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
 * The student whose name fits the text read from the page (OCR of the handwritten name field), matched
 * fuzzily and only here: the class list never leaves the app. Both names count, the last name more; a
 * second student fitting almost as well halves the confidence.
 */
export function nameGuess(text: string, members: readonly ClassMember[]): Guess | null {
  const read = words(text);
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

/** Both guesses agreeing make each other surer; otherwise the surer one counts. */
export function combineGuesses(
  neighbour: Guess | null,
  name: Guess | null,
): (Guess & { source: 'neighbour' | 'name' }) | null {
  if (neighbour && name && neighbour.studentId === name.studentId)
    return {
      studentId: name.studentId,
      source: 'name',
      confidence: Math.min(
        1,
        Math.round((Math.max(neighbour.confidence, name.confidence) + 0.05) * 100) / 100,
      ),
    };
  if (name && (!neighbour || name.confidence >= neighbour.confidence)) return { ...name, source: 'name' };
  if (neighbour) return { ...neighbour, source: 'neighbour' };
  return null;
}
