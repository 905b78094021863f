import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, SCHOOL_LIST_LIMIT, SW_CHECK_INTERVAL_MS, TOAST } from './constants';
import { FEDERAL_STATES, SUBJECTS } from './lists';
import { ZFederalStateCode, ZSubjectCode } from './common';

describe('subjects', () => {
  it('offers the 14 subjects of the spec in its order', () => {
    expect(SUBJECTS.map((s) => s.name)).toEqual([
      'Deutsch',
      'Mathematik',
      'Englisch',
      'Kunst',
      'Musik',
      'Informatik',
      'Gemeinschaftskunde',
      'Geschichte',
      'Physik',
      'Chemie',
      'Biologie',
      'Sport',
      'Religion',
      'Geographie',
    ]);
  });

  it('gives each subject a distinct lowercase code the schema accepts', () => {
    const codes = SUBJECTS.map((s) => s.code);
    expect(new Set(codes).size).toBe(14);
    for (const subject of SUBJECTS) {
      expect(subject.code).toBe(subject.name.toLowerCase());
      expect(ZSubjectCode.parse(subject.code)).toBe(subject.code);
    }
    expect(ZSubjectCode.safeParse('Latein').success).toBe(false);
  });
});

describe('federal states', () => {
  it('lists the 16 states with their official codes', () => {
    expect(FEDERAL_STATES.map((s) => s.code)).toEqual([
      'BW',
      'BY',
      'BE',
      'BB',
      'HB',
      'HH',
      'HE',
      'MV',
      'NI',
      'NW',
      'RP',
      'SL',
      'SN',
      'ST',
      'SH',
      'TH',
    ]);
    expect(FEDERAL_STATES.find((s) => s.code === 'TH')?.name).toBe('Thüringen');
    expect(ZFederalStateCode.safeParse('NW').success).toBe(true);
    expect(ZFederalStateCode.safeParse('XX').success).toBe(false);
  });
});

describe('limits and timings', () => {
  it('uses the spec values', () => {
    expect(SCHOOL_LIST_LIMIT).toBe(30000);
    expect(TOAST).toEqual({
      durationMs: 4000,
      maxVisible: 3,
      widthPx: 356,
      gapPx: 14,
      offsetPx: 32,
      swipeThresholdPx: 20,
    });
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(SW_CHECK_INTERVAL_MS).toBe(20_000);
  });
});
