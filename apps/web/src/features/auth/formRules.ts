import { z } from 'zod';
import { de } from '../../i18n/de';

/**
 * @mantine/form validators of the sign-in pages; each returns a message or null. The password rules are
 * lib/passwordRules.ts (shared with the account and the registration dialog).
 */

const ZEmail = z.email();

export function validateEmail(value: string): string | null {
  return ZEmail.safeParse(value.trim()).success ? null : de.auth.invalidEmail;
}
