import { z } from 'zod';
import { zLine } from './text';

import {
  NAME_MESSAGES,
  NAME_MIN_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
} from './validation-messages';

export {
  NAME_MESSAGES,
  NAME_MIN_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
} from './validation-messages';

/**
 * PRODUCT.md §5 password rules; every failed rule is reported, in that order. Letters are Unicode
 * letters (Ä and ß count), digits are 0–9.
 */
export const ZPassword = z
  .string({ error: PASSWORD_MESSAGES.tooShort })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort })
  .regex(/\p{Lu}/u, { error: PASSWORD_MESSAGES.noUppercase })
  .regex(/\p{Ll}/u, { error: PASSWORD_MESSAGES.noLowercase })
  .regex(/[0-9]/, { error: PASSWORD_MESSAGES.noDigit });

/** The messages of every password rule `password` breaks; empty when it is acceptable. */
export function passwordErrors(password: string): string[] {
  const result = ZPassword.safeParse(password);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The mismatch message, or null when the confirmation equals the password. */
export function passwordConfirmationError(password: string, confirmation: string): string | null {
  return password === confirmation ? null : PASSWORD_MESSAGES.mismatch;
}

/** Password and its confirmation, as the registration wizard and the update-password page ask for them. */
export const ZPasswordWithConfirmation = z
  .object({ password: ZPassword, passwordConfirmation: z.string({ error: PASSWORD_MESSAGES.mismatch }) })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ['passwordConfirmation'],
    error: PASSWORD_MESSAGES.mismatch,
    // Report the mismatch even while the password still breaks a rule.
    when: (payload) => {
      const value = payload.value as { password?: unknown; passwordConfirmation?: unknown };
      return typeof value.password === 'string' && typeof value.passwordConfirmation === 'string';
    },
  });
export type PasswordWithConfirmation = z.infer<typeof ZPasswordWithConfirmation>;

function nameSchema(message: string) {
  return zLine({ error: message }).trim().min(NAME_MIN_LENGTH, { error: message });
}

export const ZFirstName = nameSchema(NAME_MESSAGES.firstNameTooShort);
export const ZLastName = nameSchema(NAME_MESSAGES.lastNameTooShort);

/** A person's name (PRODUCT.md §5: each part at least 2 characters after trimming). */
export const ZPersonName = z.object({ first_name: ZFirstName, last_name: ZLastName });
export type PersonName = z.infer<typeof ZPersonName>;
