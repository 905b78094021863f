/** `<origin><path>` for links the auth server puts into e-mails. Apart from the form rules, which need zod. */
export function appUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
