import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordErrors } from '@app/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import bcrypt from 'bcryptjs';
import { LocalAuthError, unprocessable } from './errors';

/** bcrypt looks at the first 72 bytes only; GoTrue refuses longer passwords instead of truncating them. */
const MAX_PASSWORD_LENGTH = 72;
const BCRYPT_COST = 10;

// GoTrue reports one `characters` reason naming its required character sets (GOTRUE_PASSWORD_REQUIRED_CHARACTERS).
const REQUIRED_CHARACTERS = ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'];

let commonPasswords: Set<string> | undefined;

/**
 * True when the password is on the common/leaked password list shipped with zxcvbn (about 49 000 entries,
 * all lower case). Compared case-insensitively: `Password1` is as guessable as `password1`.
 */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary.passwords);
  return commonPasswords.has(password.toLowerCase());
}

export interface WeakPassword {
  reasons: Array<'length' | 'characters' | 'pwned'>;
  message: string;
}

/**
 * PRODUCT.md §5 rules (the contract's, so web and API agree) plus the common-password list, reported as GoTrue's
 * checkPasswordStrength does: reasons `length`, `characters`, `pwned` and the English messages joined.
 */
export function checkPasswordStrength(password: string): WeakPassword | null {
  const failed = new Set(passwordErrors(password));
  const reasons: WeakPassword['reasons'] = [];
  const messages: string[] = [];
  if (failed.has(PASSWORD_MESSAGES.tooShort)) {
    reasons.push('length');
    messages.push(`Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (
    failed.has(PASSWORD_MESSAGES.noUppercase) ||
    failed.has(PASSWORD_MESSAGES.noLowercase) ||
    failed.has(PASSWORD_MESSAGES.noDigit)
  ) {
    reasons.push('characters');
    messages.push(
      `Password should contain at least one character of each: ${REQUIRED_CHARACTERS.join(', ')}.`,
    );
  }
  if (isCommonPassword(password)) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return reasons.length ? { reasons, message: messages.join(' ') } : null;
}

/** Throws GoTrue's 422 `weak_password` (or `validation_failed` for an over-long password). */
export function assertStrongPassword(password: string): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw unprocessable(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
  const weak = checkPasswordStrength(password);
  if (weak) throw new LocalAuthError(422, 'weak_password', weak.message, weak.reasons);
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

// Compared against when the user does not exist, so that a wrong address takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummyHash ??= bcrypt.hash('not-a-real-password', BCRYPT_COST);
    await bcrypt.compare(password, await dummyHash);
    return false;
  }
  return bcrypt.compare(password, hash);
}
