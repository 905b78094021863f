import { describe, expect, it } from 'vitest';
import { foldForSearch, rankSchools, searchTerms } from './search';

describe('foldForSearch', () => {
  it('ignores case, umlauts, their spelled-out forms, ß and punctuation', () => {
    expect(foldForSearch('München')).toBe(foldForSearch('MUENCHEN'));
    expect(foldForSearch('München')).toBe(foldForSearch('munchen'));
    expect(foldForSearch('Gößweinstein')).toBe(foldForSearch('Goessweinstein'));
    expect(foldForSearch('Lycée Français')).toBe('lycee francais');
    expect(foldForSearch('  Grund- und Mittelschule, Nord ')).toBe('grund und mittelschule nord');
  });

  it('splits a query into distinct folded words', () => {
    expect(searchTerms(' Gymnasium  Würzburg gymnasium ')).toEqual(['gymnasium', 'wurzburg']);
    expect(searchTerms(' - ')).toEqual([]);
  });
});

describe('rankSchools', () => {
  const schools = [
    { id: '1', name: 'Staatliche Realschule Gymnasiumstraße', city: 'Augsburg' },
    { id: '2', name: 'Gymnasium Eckental', city: 'Eckental' },
    { id: '3', name: 'Gymnasium', city: 'Gymnasiumhausen' },
    { id: '4', name: 'Otto-von-Taube-Gymnasium', city: 'Gauting' },
    { id: '5', name: 'Grundschule am Gymnasiumweg', city: null },
    { id: '6', name: 'Mittelschule', city: 'Gymnasiumdorf' },
  ];

  it('puts the whole name first, then names starting with it, whole words, word starts, the city', () => {
    expect(rankSchools(schools, 'gymnasium', 10).map((s) => s.id)).toEqual(['3', '2', '4', '5', '1', '6']);
  });

  it('needs every word in name or city and keeps the limit', () => {
    expect(rankSchools(schools, 'gymnasium gauting', 10).map((s) => s.id)).toEqual(['4']);
    expect(rankSchools(schools, 'gymnasium', 2)).toHaveLength(2);
    expect(rankSchools(schools, 'nichts', 10)).toEqual([]);
  });
});
