/**
 * The pages children open: the submit page and their feedback link. Analytics never loads there (no tracking
 * of children) and the service worker is not registered from there (a phone should fetch no more than the page
 * needs).
 */
const CHILDRENS_PATH_PREFIXES = ['/submit', '/feedback'] as const;

export function isChildrensPage(path: string): boolean {
  return CHILDRENS_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
