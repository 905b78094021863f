import { describe, expect, it } from 'vitest';
import { fromGermanInputValue, toGermanInputValue } from './dates';

describe('The due-date field in German', () => {
  it('shows a timestamp as TT.MM.JJJJ, HH:MM in local time', () => {
    const iso = new Date(2026, 11, 24, 8, 5).toISOString();
    expect(toGermanInputValue(iso)).toBe('24.12.2026, 08:05');
    expect(toGermanInputValue(null)).toBe('');
  });

  it('reads what a teacher types, a date alone as the end of that day', () => {
    expect(fromGermanInputValue('24.12.2026, 08:05')).toBe(new Date(2026, 11, 24, 8, 5).toISOString());
    expect(fromGermanInputValue(' 1.2.2027 14.30 Uhr ')).toBe(new Date(2027, 1, 1, 14, 30).toISOString());
    expect(fromGermanInputValue('24.12.2026')).toBe(new Date(2026, 11, 24, 23, 59).toISOString());
    expect(fromGermanInputValue(toGermanInputValue('2026-03-10T09:15:00.000Z'))).toBe(
      new Date(new Date('2026-03-10T09:15:00.000Z').setSeconds(0, 0)).toISOString(),
    );
  });

  it('refuses what is not a real date and time, and the US order', () => {
    for (const text of ['', '31.02.2026', '24.12.2026, 25:00', '12/24/2026', '2026-12-24T08:00'])
      expect(fromGermanInputValue(text)).toBeNull();
  });
});
