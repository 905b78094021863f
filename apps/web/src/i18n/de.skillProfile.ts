import type { SkillTrend } from '@app/contract';

/**
 * Strings of the skill profile (ADR 025): on the class page and on the student's feedback link page, which
 * imports this module alone (small JS, like de.grading). Merged into `de` as `de.skillProfile`.
 */
export const deSkillProfile = {
  heading: 'Kompetenzprofil',
  classIntro:
    'Der zuletzt ausgeteilte Stand jeder Kompetenz über die Aufgaben der Klasse, mit der Entwicklung seit der Aufgabe davor.',
  studentHeading: 'Dein Kompetenzprofil',
  studentIntro:
    'So stehst du in den Kompetenzen der Aufgaben deiner Klasse, die deine Lehrkraft ausgeteilt hat.',
  student: 'Schüler',
  skill: 'Kompetenz',
  latest: 'Stand',
  history: 'Verlauf',
  trend: 'Entwicklung',
  empty: 'Noch keine ausgeteilten Bewertungen.',
  studentEmpty: 'Noch keine weiteren ausgeteilten Bewertungen.',
  noScore: 'nicht bewertet',
  /** A student of the class without any level yet: one compact row. */
  noScoreYet: 'noch keine ausgeteilte Bewertung',
  onlyScored: 'Nur bewertete Schüler',
  hiddenUnscored: (count: number) =>
    count === 1
      ? '1 Schüler ohne Bewertung ausgeblendet'
      : `${String(count)} Schüler ohne Bewertung ausgeblendet`,
  unscoredCount: (count: number) =>
    count === 1 ? '1 Schüler ohne Bewertung' : `${String(count)} Schüler ohne Bewertung`,
  /** A column header's button: sorts the rows by that column (again: the other way round). */
  sortBy: (column: string) => `Nach „${column}“ sortieren`,
  loadFailed: 'Das Kompetenzprofil konnte nicht geladen werden.',
  /** The table's scrolling area (a keyboard stop of its own on narrow screens). */
  scrollArea: 'Tabelle des Kompetenzprofils',
  score: (score: number, max: number) => `${String(score)}/${String(max)}`,
  trendLabel: {
    up: 'verbessert',
    down: 'verschlechtert',
    flat: 'gleich geblieben',
  } satisfies Record<SkillTrend, string>,
  single: 'erst eine Bewertung',
  /** One task of the history, e.g. for a cell's tooltip. */
  point: (title: string, date: string, score: number, max: number) =>
    `${title} (${date}): ${String(score)} von ${String(max)}`,
  /** The cell's name for screen readers. */
  cell: (student: string, skill: string, score: number, max: number, trend: string) =>
    `${student}, ${skill}: ${String(score)} von ${String(max)}, ${trend}`,
};
