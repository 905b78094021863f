/** Strings of the AI correction on the task page. Merged into `de` as `de.corrections`. */

const coins = (count: number) => (count === 1 ? '1 Coin' : `${String(count)} Coins`);
const submissions = (count: number) => (count === 1 ? '1 Abgabe' : `${String(count)} Abgaben`);
/** "1 Punkt", "0 und 2 Punkte", "0, 1 und 2 Punkte". */
function scoreList(scores: readonly number[]): string {
  const words = scores.map(String);
  const last = words.pop() ?? '';
  const list = words.length > 0 ? `${words.join(', ')} und ${last}` : last;
  return scores.length === 1 && scores[0] === 1 ? '1 Punkt' : `${list} Punkte`;
}

export const deCorrections = {
  /** The bar above the submissions table. */
  all: 'KI-Korrektur für alle',
  allLabel: (count: number, cost: number) =>
    `KI-Korrektur für alle: ${submissions(count)} für ${coins(cost)} korrigieren lassen`,
  cost: (count: number, cost: number, balance: number) =>
    count === 0
      ? `Keine Abgabe wartet auf eine KI-Korrektur. Guthaben: ${coins(balance)}.`
      : `${submissions(count)} warten · Kosten: ${coins(cost)} · Guthaben: ${coins(balance)}`,
  notEnough: 'Dein Guthaben reicht dafür nicht. Neue Coins vergibt deine Organisation.',
  hint: 'Die KI macht Vorschläge; du kannst jede Bewertung danach ändern. Schlägt eine Korrektur fehl, bekommst du die Coins zurück.',
  /** "12 von 28 korrigiert" while corrections run. */
  progress: (done: number, total: number) => `${String(done)} von ${String(total)} korrigiert`,
  progressLabel: 'Fortschritt der KI-Korrektur',
  running: (count: number) => `${submissions(count)} in Korrektur …`,
  /** Per row. */
  one: 'KI-Korrektur',
  oneLabel: (name: string, cost: number) => `KI-Korrektur für ${name} (${coins(cost)})`,
  retry: 'erneut versuchen',
  retryLabel: (name: string) => `KI-Korrektur für ${name} erneut versuchen`,
  failedHint: 'Die KI-Korrektur ist fehlgeschlagen. Die Coins wurden zurückgebucht.',
  /** Toasts. */
  started: (count: number, balance: number) =>
    `KI-Korrektur für ${submissions(count)} gestartet. Guthaben: ${coins(balance)}.`,
  failed: (name: string) => `KI-Korrektur für ${name} fehlgeschlagen.`,
  /** A correction refused because the rubric lacks levels. */
  rubricIncomplete: {
    title: 'Im Bewertungsraster fehlen Stufen',
    intro:
      'Die KI bewertet entlang der Stufen: Jede Kompetenz braucht für jede Punktzahl von 0 bis zur Höchstpunktzahl eine Stufe. Es fehlen:',
    skill: (name: string, scores: readonly number[]) => `${name}: keine Stufe für ${scoreList(scores)}`,
    link: 'Fehlende Stufen im Bewertungsraster ergänzen',
    close: 'Hinweis schließen',
  },
};
