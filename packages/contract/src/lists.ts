// The fixed lists of the registration wizard. A module of their own, not in constants.ts: every page loads the
// constants, and these lists would sit in the entry bundle of every page (the public submit page too, ADR 012).
// Their schemas (ZSubjectCode, ZFederalStateCode) are in common.ts.

/** The 14 subjects offered in the registration wizard, in the order of PRODUCT.md §9. */
export const SUBJECTS = [
  { code: 'deutsch', name: 'Deutsch' },
  { code: 'mathematik', name: 'Mathematik' },
  { code: 'englisch', name: 'Englisch' },
  { code: 'kunst', name: 'Kunst' },
  { code: 'musik', name: 'Musik' },
  { code: 'informatik', name: 'Informatik' },
  { code: 'gemeinschaftskunde', name: 'Gemeinschaftskunde' },
  { code: 'geschichte', name: 'Geschichte' },
  { code: 'physik', name: 'Physik' },
  { code: 'chemie', name: 'Chemie' },
  { code: 'biologie', name: 'Biologie' },
  { code: 'sport', name: 'Sport' },
  { code: 'religion', name: 'Religion' },
  { code: 'geographie', name: 'Geographie' },
] as const;
export type SubjectCode = (typeof SUBJECTS)[number]['code'];

/** The 16 German federal states with their official two-letter codes (ISO 3166-2:DE without `DE-`). */
export const FEDERAL_STATES = [
  { code: 'BW', name: 'Baden-Württemberg' },
  { code: 'BY', name: 'Bayern' },
  { code: 'BE', name: 'Berlin' },
  { code: 'BB', name: 'Brandenburg' },
  { code: 'HB', name: 'Bremen' },
  { code: 'HH', name: 'Hamburg' },
  { code: 'HE', name: 'Hessen' },
  { code: 'MV', name: 'Mecklenburg-Vorpommern' },
  { code: 'NI', name: 'Niedersachsen' },
  { code: 'NW', name: 'Nordrhein-Westfalen' },
  { code: 'RP', name: 'Rheinland-Pfalz' },
  { code: 'SL', name: 'Saarland' },
  { code: 'SN', name: 'Sachsen' },
  { code: 'ST', name: 'Sachsen-Anhalt' },
  { code: 'SH', name: 'Schleswig-Holstein' },
  { code: 'TH', name: 'Thüringen' },
] as const;
export type FederalStateCode = (typeof FEDERAL_STATES)[number]['code'];
