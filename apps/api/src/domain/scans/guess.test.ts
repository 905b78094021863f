import { describe, expect, it } from 'vitest';
import { guessPage, missingPages, nameGuess, type GuessInput } from './guess';

const members = [
  { id: 'greta', first_name: 'Greta', last_name: 'Gärtner' },
  { id: 'ali', first_name: 'Ali', last_name: 'Zander' },
  { id: 'zoe', first_name: 'Zoe', last_name: 'Zander' },
  { id: 'mehmet', first_name: 'Mehmet', last_name: 'Yılmaz' },
  { id: 'lukasz', first_name: 'Łukasz', last_name: 'Wąsowski' },
];
const stack = (...ids: Array<string | null>) => ids.map((studentId) => ({ studentId }));
const input = (over: Partial<GuessInput>): GuessInput => ({
  stack: stack(null),
  index: 0,
  byName: null,
  missing: new Map(),
  open: 1,
  ...over,
});

describe('nameGuess', () => {
  it('matches the name field fuzzily, last name first, letters folded as a reader gives them', () => {
    expect(nameGuess('Name: Greta Gartner  Klasse 7b', members)).toMatchObject({ studentId: 'greta' });
    expect(nameGuess('mehmet yilmas', members)?.studentId).toBe('mehmet');
    expect(
      nameGuess('Bruchrechnung\nName:_Lukasz Wasowski\nAbgabe bis: 12.11.2026', members)?.studentId,
    ).toBe('lukasz');
  });
  it('needs the first name to tell two students with the same last name apart', () => {
    expect(nameGuess('Zoe Zander', members)).toMatchObject({ studentId: 'zoe' });
    const lastOnly = nameGuess('Zander', members);
    // Both Zanders fit the last name alike: no guess, or only a weak one.
    expect(lastOnly === null || lastOnly.confidence < 0.5).toBe(true);
  });
  it('finds nobody in text without a name', () => {
    expect(nameGuess('Aufgabe 1: 3/4 + 1/4 = 1', members)).toBeNull();
    expect(nameGuess('', members)).toBeNull();
  });
});

describe('missingPages', () => {
  it('takes the set size from the students read most often and lists who lacks pages', () => {
    const have = new Map([
      ['a', 2],
      ['b', 2],
      ['c', 1],
    ]);
    expect(missingPages(['a', 'b', 'c', 'd'], have)).toEqual(
      new Map([
        ['c', 1],
        ['d', 2],
      ]),
    );
  });
  it('knows no set size before any page was read: everyone without a page lacks some', () => {
    expect(missingPages(['a', 'b'], new Map())).toEqual(
      new Map([
        ['a', null],
        ['b', null],
      ]),
    );
  });
});

describe('guessPage', () => {
  it('names both neighbours only when both belong to the student, and only one who still lacks pages', () => {
    const missing = new Map([['a', 1]]);
    expect(guessPage(input({ stack: stack('a', null, 'a'), index: 1, missing }))).toMatchObject({
      studentId: 'a',
      reasons: ['neighbours', 'only_missing'],
    });
    // The next page is another student's: only the page before speaks for "a".
    const before = guessPage(
      input({
        stack: stack('a', null, 'b'),
        index: 1,
        missing: new Map([
          ['a', 1],
          ['c', 1],
        ]),
      }),
    );
    expect(before).toMatchObject({ studentId: 'a', reasons: ['neighbour_before', 'missing'] });
    // Both neighbours belong to a student whose set is complete: they say nothing.
    expect(guessPage(input({ stack: stack('a', null, 'a'), index: 1, missing: new Map() }))).toBeNull();
  });

  it('prefers the printed name and the only student without pages over a complete neighbour', () => {
    // The issue a teacher met: Finn's set is complete by code, Greta alone has no page, the page says Greta.
    const guess = guessPage(
      input({
        stack: stack('finn', null, 'finn'),
        index: 1,
        byName: { studentId: 'greta', confidence: 0.95 },
        missing: new Map([['greta', 2]]),
      }),
    );
    expect(guess).toMatchObject({ studentId: 'greta', reasons: ['name', 'only_missing'] });
    expect(guess!.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('keeps a guess between several missing students unsure, with them as candidates', () => {
    const missing = new Map([
      ['a', 1],
      ['b', 1],
      ['c', 1],
    ]);
    const guess = guessPage(input({ stack: stack('x', null, 'b'), index: 1, missing, open: 3 }));
    expect(guess!.studentId).toBe('b');
    expect(guess!.reasons).toEqual(['neighbour_after', 'missing']);
    expect(guess!.confidence).toBeLessThan(0.7);
    expect(guess!.candidates).toEqual(['b', 'a', 'c']);
    // Nobody lacks pages and nothing is read: no guess at all.
    expect(guessPage(input({}))).toBeNull();
  });

  it('says "only missing" surely only when there are not more open pages than the student lacks', () => {
    const sure = guessPage(input({ missing: new Map([['a', 2]]), open: 2 }));
    const crowded = guessPage(input({ missing: new Map([['a', 1]]), open: 3 }));
    expect(sure).toMatchObject({ studentId: 'a', reasons: ['only_missing'] });
    expect(crowded!.confidence).toBeLessThan(sure!.confidence);
  });
});
