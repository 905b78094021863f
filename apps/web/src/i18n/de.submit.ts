import { SUBMIT_PAGE_STRINGS } from '@app/contract';

/**
 * Strings of the public submit page `/submit/{taskId}`: the contract's table, which the API's HTML of the page
 * uses too. A module of its own so that the page's bundle does not carry the whole catalog; spread into
 * `de.submissions` (`de.submissions.submit`, `de.submissions.size`): use either way.
 */
export const deSubmit = SUBMIT_PAGE_STRINGS;

export { plural } from '@app/contract';
