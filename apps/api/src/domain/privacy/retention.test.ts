import { describe, expect, it } from 'vitest';
import { retentionDueAt, schoolYearLabel, schoolYearOf } from './retention';

describe('school years (1 August – 31 July, Berlin time)', () => {
  it('puts 31 July in the old school year and 1 August in the new one', () => {
    expect(schoolYearOf(new Date('2024-07-31T21:59:00Z'))).toBe(2023); // 23:59 in Berlin
    expect(schoolYearOf(new Date('2024-07-31T22:00:00Z'))).toBe(2024); // 1 August, 00:00 in Berlin
    expect(schoolYearOf(new Date('2025-01-15T12:00:00Z'))).toBe(2024);
    expect(schoolYearLabel(2024)).toBe('2024/25');
    expect(schoolYearLabel(2099)).toBe('2099/00');
  });

  it('is due at the start of the school year after N further school years', () => {
    const active = new Date('2023-10-01T10:00:00Z'); // 2023/24, ended 31 July 2024
    expect(retentionDueAt(active, 1).toISOString()).toBe('2025-07-31T22:00:00.000Z');
    expect(retentionDueAt(active, 3).toISOString()).toBe('2027-07-31T22:00:00.000Z');
    expect(retentionDueAt(new Date('2024-07-31T12:00:00Z'), 1).toISOString()).toBe(
      '2025-07-31T22:00:00.000Z',
    );
  });
});
