import { PASSWORD_MESSAGES } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de';
import { confirmationError, passwordError, passwordFormRules } from './passwordRules';

describe('the password rules of the four password forms', () => {
  it('name the first broken rule and a mismatch with the messages of the catalog', () => {
    expect(passwordError('Kurz1')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordError('kreide123')).toBe(PASSWORD_MESSAGES.noUppercase);
    expect(passwordError('KREIDE123')).toBe(PASSWORD_MESSAGES.noLowercase);
    expect(passwordError('Kreidetafel')).toBe(de.auth.passwordMessages.noDigit);
    expect(passwordError('Kreide123')).toBeNull();
    expect(confirmationError('Kreide123', 'Kreide12')).toBe('Die Passwörter stimmen nicht überein');
    expect(confirmationError('Kreide123', 'Kreide123')).toBeNull();
  });

  it('validate the form fields the same way', () => {
    expect(passwordFormRules.password('kurz')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordFormRules.passwordConfirmation('Kreide12', { password: 'Kreide123' })).toBe(
      de.auth.passwordMessages.mismatch,
    );
  });
});
