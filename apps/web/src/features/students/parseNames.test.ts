import { BULK_STUDENTS_MAX } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { cleanNameLine, parseStudentNames } from './parseNames';

describe('A pasted list of student names', () => {
  it('reads one name per line and splits first and last name', () => {
    const parsed = parseStudentNames('Anna Schmidt\nMehmet Yılmaz\r\nMüller, Lea\nAnna von der Heide');

    expect(parsed.names).toEqual([
      { name: 'Anna Schmidt', first_name: 'Anna', last_name: 'Schmidt' },
      { name: 'Mehmet Yılmaz', first_name: 'Mehmet', last_name: 'Yılmaz' },
      { name: 'Müller, Lea', first_name: 'Lea', last_name: 'Müller' },
      { name: 'Anna von der Heide', first_name: 'Anna', last_name: 'von der Heide' },
    ]);
    expect(parsed).toMatchObject({ duplicates: [], invalid: [], tooMany: false });
  });

  it('skips blank lines and tidies spaces, tabs, numbering and bullets', () => {
    const parsed = parseStudentNames(
      '\n  1. Anna   Schmidt  \n\n\t\n- Ben\tKrause\n• Clara Weiß\n12) Dana Ott\n   \n',
    );

    expect(parsed.names.map((entry) => entry.name)).toEqual([
      'Anna Schmidt',
      'Ben Krause',
      'Clara Weiß',
      'Dana Ott',
    ]);
    expect(cleanNameLine('  Müller ,Lea ')).toBe('Müller, Lea');
  });

  it('creates a name that appears twice only once and says which', () => {
    const parsed = parseStudentNames('Anna Schmidt\nBen Krause\nanna schmidt\nSchmidt, Anna\nBen Krause');

    expect(parsed.names.map((entry) => entry.name)).toEqual(['Anna Schmidt', 'Ben Krause']);
    expect(parsed.duplicates).toEqual(['anna schmidt', 'Schmidt, Anna', 'Ben Krause']);
  });

  it('leaves out lines too short or too long for a name', () => {
    const long = 'X'.repeat(101);
    const parsed = parseStudentNames(`A\nAnna\n${long}`);

    expect(parsed.names.map((entry) => entry.name)).toEqual(['Anna']);
    expect(parsed.names[0]).toMatchObject({ first_name: 'Anna', last_name: '' });
    expect(parsed.invalid).toEqual(['A', long]);
  });

  it('reports more names than one request may carry', () => {
    const lines = Array.from({ length: BULK_STUDENTS_MAX + 1 }, (_, i) => `Kind Nummer${String(i)}`);

    expect(parseStudentNames(lines.join('\n')).tooMany).toBe(true);
    expect(parseStudentNames(lines.slice(1).join('\n')).tooMany).toBe(false);
  });

  it('finds nothing in an empty paste', () => {
    expect(parseStudentNames('  \n\n ')).toEqual({ names: [], duplicates: [], invalid: [], tooMany: false });
  });
});
