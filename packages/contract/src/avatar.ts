// The generated avatar (PRODUCT.md §3 user_profile): the initials on green, drawn here as an SVG data URL
// so that no name ever goes to an outside avatar service.

/** Green of the avatar; white text on it reads well (contrast above 4.5:1). */
export const AVATAR_BACKGROUND = '#2b8a3e';

const firstLetter = (word: string): string => {
  // NFC joins a letter with its combining mark (O + ̈ → Ö); Array.from keeps surrogate pairs whole.
  const [letter] = Array.from(word.normalize('NFC').trim());
  return letter ? letter.toLocaleUpperCase('de') : '';
};

/**
 * One or two letters for the avatar: first and last name; without names the e-mail's local part (split at
 * dots, dashes and underscores: max.muster@… → MM); '?' when there is nothing.
 */
export function avatarInitials(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
  email?: string | null,
): string {
  const fromNames = firstLetter(firstName ?? '') + firstLetter(lastName ?? '');
  if (fromNames) return fromNames;
  const local = (email ?? '').split('@')[0] ?? '';
  const parts = local.split(/[._-]+/).filter(Boolean);
  const fromEmail = firstLetter(parts[0] ?? '') + (parts.length > 1 ? firstLetter(parts.at(-1)!) : '');
  return fromEmail || '?';
}

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The avatar as an `image/svg+xml` data URL (square, scales to any size). */
export function initialsAvatarUrl(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
  email?: string | null,
): string {
  const initials = escapeXml(avatarInitials(firstName, lastName, email));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" fill="${AVATAR_BACKGROUND}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#ffffff" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="26" font-weight="600">` +
    `${initials}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The picture of a user everywhere in the app: the profile's own `avatar_url` when it has one, else the
 * initials of the profile's names, else of the e-mail address.
 */
export function avatarUrlOf(
  profile: { first_name: string; last_name: string; avatar_url?: string | null } | null | undefined,
  email: string | null | undefined,
): string {
  return profile?.avatar_url || initialsAvatarUrl(profile?.first_name, profile?.last_name, email);
}
