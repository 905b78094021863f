import { describe, expect, it } from 'vitest';
import { combineGuesses, nameGuess, neighbourGuess } from './guess';

const members = [
  { id: 'greta', first_name: 'Greta', last_name: 'Gärtner' },
  { id: 'ali', first_name: 'Ali', last_name: 'Zander' },
  { id: 'zoe', first_name: 'Zoe', last_name: 'Zander' },
  { id: 'mehmet', first_name: 'Mehmet', last_name: 'Yilmaz' },
];
const stack = (...ids: Array<string | null>) => ids.map((studentId) => ({ studentId }));

describe('neighbourGuess', () => {
  it('is surest when the pages before and after belong to the same student', () => {
    expect(neighbourGuess(stack('a', null, 'a'), 1)).toEqual({ studentId: 'a', confidence: 0.9 });
    // Unread pages in between do not count as neighbours.
    expect(neighbourGuess(stack('a', null, null, 'a'), 2)).toEqual({ studentId: 'a', confidence: 0.9 });
  });
  it('prefers the student before (a set starts with its coded first page)', () => {
    expect(neighbourGuess(stack('a', null, 'b'), 1)).toEqual({ studentId: 'a', confidence: 0.5 });
    expect(neighbourGuess(stack('a', null), 1)).toEqual({ studentId: 'a', confidence: 0.6 });
    expect(neighbourGuess(stack(null, 'b'), 0)).toEqual({ studentId: 'b', confidence: 0.4 });
    expect(neighbourGuess(stack(null, null), 0)).toBeNull();
  });
});

describe('nameGuess', () => {
  it('matches a misspelt, umlaut-free name to the class list', () => {
    expect(nameGuess('Name: Greta Gartner  Klasse 7b', members)).toMatchObject({ studentId: 'greta' });
    expect(nameGuess('mehmet yilmas', members)?.studentId).toBe('mehmet');
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

describe('combineGuesses', () => {
  it('makes agreeing guesses surer and otherwise takes the surer one', () => {
    expect(combineGuesses({ studentId: 'a', confidence: 0.6 }, { studentId: 'a', confidence: 0.8 })).toEqual({
      studentId: 'a',
      confidence: 0.85,
      source: 'name',
    });
    expect(combineGuesses({ studentId: 'a', confidence: 0.9 }, { studentId: 'b', confidence: 0.8 })).toEqual({
      studentId: 'a',
      confidence: 0.9,
      source: 'neighbour',
    });
    expect(combineGuesses(null, null)).toBeNull();
  });
});
