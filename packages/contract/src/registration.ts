import type { UserMetadataFlags } from './users';

export interface SchoolFields {
  bundesland?: string | null;
  city?: string | null;
  schule?: string | null;
}

function filled(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim().length > 0;
}

/** The optional school step counts as done when any of its three fields is filled (PRODUCT.md §5). */
export function isSchoolStepComplete(school: SchoolFields): boolean {
  return filled(school.bundesland) || filled(school.city) || filled(school.schule);
}

/** The school is saved with the profile only when all three fields are filled (PRODUCT.md §4). */
export function isSchoolComplete(school: SchoolFields): boolean {
  return filled(school.bundesland) && filled(school.city) && filled(school.schule);
}

/** The optional subjects step counts as done with at least one subject selected (PRODUCT.md §5). */
export function isSubjectsStepComplete(selected: readonly unknown[]): boolean {
  return selected.length > 0;
}

/**
 * The registration dialog opens for a signed-in user without a profile, or without either the
 * `registration_completed` or the `profile_setup_done` flag (PRODUCT.md §2). Which paths never show it is the
 * router's concern.
 */
export function needsRegistration(hasProfile: boolean, flags: UserMetadataFlags | null | undefined): boolean {
  return !hasProfile || flags?.registration_completed !== true || flags.profile_setup_done !== true;
}

/**
 * The registration dialog never opens on paths starting with one of these (PRODUCT.md §2): the account pages
 * before and around signing in, the error pages and the students' public submit page.
 */
export const REGISTRATION_HIDDEN_PATH_PREFIXES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/error',
  '/waitlist',
  '/email-confirmed',
  '/404',
  '/submit',
] as const;

/** Whether the registration dialog may open on `path` (a `location.pathname`). */
export function registrationDialogAllowedOn(path: string): boolean {
  return !REGISTRATION_HIDDEN_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}
