import { SUBMIT_PAGE_SERVER_STRINGS, SUBMIT_PAGE_STRINGS } from '@app/contract';

/**
 * German strings of the server-rendered public pages (ADR 020). The submit page's (its form before the script
 * runs, the receipt and error pages of the form post) come from the contract, the same table as the web app's
 * page, so the two cannot drift apart; the feedback link's are here.
 */
export const pageStrings = {
  appName: 'Klassenzimmer',
  tikz: SUBMIT_PAGE_STRINGS.tikzPicture,
  submit: SUBMIT_PAGE_STRINGS.submit,
  /** Only the page without JavaScript: the typed name beside the list, the error pages of the post. */
  withoutScript: SUBMIT_PAGE_SERVER_STRINGS,
  feedback: {
    documentTitle: (title: string) => `${title} – Rückmeldung`,
    heading: (name: string) => `Rückmeldung für ${name}`,
    total: (score: string, max: string) => `Gesamt: ${score} von ${max} Punkten`,
    points: (score: string, max: string) => `${score} / ${max} Punkte`,
    notScored: 'nicht bewertet',
    reason: 'Begründung',
    recommendation: 'Tipp',
    proof: 'Belege',
    notFound:
      'Diese Rückmeldung gibt es nicht (mehr). Bitte prüfe den Link oder frag deine Lehrkraft nach einem neuen.',
  },
} as const;
