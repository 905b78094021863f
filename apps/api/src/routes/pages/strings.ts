import { SUBMIT_PAGE_SERVER_STRINGS, SUBMIT_PAGE_STRINGS } from '@app/contract';

/**
 * German strings of the server-rendered submit page (ADR 020): its form before the script runs, the receipt and
 * error pages of the form post. They come from the contract, the same table as the web app's page, so the two
 * cannot drift apart. (The feedback page is rendered by the web build's own components, ADR 034.)
 */
export const pageStrings = {
  appName: 'Klassenzimmer',
  tikz: SUBMIT_PAGE_STRINGS.tikzPicture,
  submit: SUBMIT_PAGE_STRINGS.submit,
  /** Only the page without JavaScript: the typed name beside the list, the error pages of the post. */
  withoutScript: SUBMIT_PAGE_SERVER_STRINGS,
} as const;
