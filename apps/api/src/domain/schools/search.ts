/**
 * Searching the cached school directory: folding text so that case, umlauts, accents and punctuation do not
 * matter, and ranking the matches (best first). Pure functions; queries are in `search-schools.ts`.
 */

/**
 * Lower case, accents and umlauts removed (ä, ae → a; ß → ss), anything but letters and digits one space.
 * Applied to the stored text and the query alike, so "Muenchen", "munchen" and "München" meet.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a query, folded; every one must occur in a school's name or city. */
export function searchTerms(query: string): string[] {
  const folded = foldForSearch(query);
  return folded === '' ? [] : [...new Set(folded.split(' '))];
}

/** What a school's `search_text` holds: its name and city, folded. */
export function searchTextOf(name: string, city: string | null): string {
  return foldForSearch(`${name} ${city ?? ''}`);
}

export interface RankedSchool {
  id: string;
  name: string;
  city: string | null;
}

/**
 * How well a school matches the folded query (lower is better): the whole name, the name's start, a whole word
 * of the name, a word's start, the city's start, words starting with every term, anywhere.
 */
function rankOf(school: RankedSchool, query: string, terms: string[]): number {
  const name = foldForSearch(school.name);
  const city = foldForSearch(school.city ?? '');
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (` ${name} `.includes(` ${query} `)) return 2;
  if (` ${name}`.includes(` ${query}`)) return 3;
  if (city.startsWith(query)) return 4;
  const words = ` ${name} ${city}`;
  if (terms.every((t) => words.includes(` ${t}`))) return 5;
  return 6;
}

const collator = new Intl.Collator('de', { sensitivity: 'base' });

/** The best `limit` of the schools matching every term of `query`, best first. */
export function rankSchools<T extends RankedSchool>(schools: T[], query: string, limit: number): T[] {
  const terms = searchTerms(query);
  const folded = terms.join(' ');
  const matching = schools.filter((s) => {
    const text = searchTextOf(s.name, s.city);
    return terms.every((t) => text.includes(t));
  });
  return matching
    .map((school) => ({ school, rank: terms.length ? rankOf(school, folded, terms) : 0 }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.school.name.length - b.school.name.length ||
        collator.compare(a.school.name, b.school.name) ||
        collator.compare(a.school.city ?? '', b.school.city ?? ''),
    )
    .slice(0, limit)
    .map((r) => r.school);
}
