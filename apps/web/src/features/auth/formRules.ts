import { passwordConfirmationError, passwordErrors } from '@app/contract';
import { z } from 'zod';
import { de } from '../../i18n/de';

/** @mantine/form validators built on the contract's rules (PRODUCT.md §5); each returns a message or null. */

const ZEmail = z.email();

export function validateEmail(value: string): string | null {
  return ZEmail.safeParse(value.trim()).success ? null : de.auth.invalidEmail;
}

/** The first broken password rule, in the order of PRODUCT.md §5. */
export function validatePassword(value: string): string | null {
  return passwordErrors(value)[0] ?? null;
}

export function validatePasswordConfirmation(value: string, values: { password: string }): string | null {
  return passwordConfirmationError(values.password, value);
}

/** `<origin><path>` for links the auth server puts into e-mails. */
export function appUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
