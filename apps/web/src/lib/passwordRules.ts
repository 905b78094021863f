import { passwordConfirmationError, passwordErrors } from '@app/contract';

/**
 * The password rules of PRODUCT.md §5 for the four forms that set a password (sign-up, new password, account,
 * registration dialog), with the contract's messages (`de.auth.passwordMessages`, the API's too).
 */

/** The first broken rule, in the order of PRODUCT.md §5; null when the password is acceptable. */
export function passwordError(value: string): string | null {
  return passwordErrors(value)[0] ?? null;
}

/** "Die Passwörter stimmen nicht überein", or null when the repetition matches. */
export function confirmationError(password: string, confirmation: string): string | null {
  return passwordConfirmationError(password, confirmation);
}

/** The same rules as @mantine/form validators of the fields `password` and `passwordConfirmation`. */
export const passwordFormRules = {
  password: passwordError,
  passwordConfirmation: (value: string, values: { password: string }) =>
    confirmationError(values.password, value),
};
