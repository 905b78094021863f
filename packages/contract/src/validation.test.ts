import { describe, expect, it } from 'vitest';
import {
  NAME_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  ZFirstName,
  ZLastName,
  ZPassword,
  ZPasswordWithConfirmation,
  ZPersonName,
  passwordConfirmationError,
  passwordErrors,
} from './validation';

const TOO_SHORT = 'Das Passwort muss mindestens 8 Zeichen lang sein';
const NO_UPPER = 'Das Passwort muss mindestens einen Großbuchstaben enthalten';
const NO_LOWER = 'Das Passwort muss mindestens einen Kleinbuchstaben enthalten';
const NO_DIGIT = 'Das Passwort muss mindestens eine Zahl enthalten';
const MISMATCH = 'Die Passwörter stimmen nicht überein';

describe('password rules', () => {
  it('accepts a password with 8 characters, an uppercase and a lowercase letter and a digit', () => {
    expect(passwordErrors('Sicher12')).toEqual([]);
    expect(ZPassword.safeParse('Sicher12').success).toBe(true);
  });

  it('lists every broken rule in the order of the spec', () => {
    expect(passwordErrors('')).toEqual([TOO_SHORT, NO_UPPER, NO_LOWER, NO_DIGIT]);
  });

  it('reports each rule on its own', () => {
    expect(passwordErrors('Sicher1')).toEqual([TOO_SHORT]);
    expect(passwordErrors('sicher123')).toEqual([NO_UPPER]);
    expect(passwordErrors('SICHER123')).toEqual([NO_LOWER]);
    expect(passwordErrors('SicherHeit')).toEqual([NO_DIGIT]);
  });

  it('counts German umlauts as letters', () => {
    expect(passwordErrors('ÄÖÜäöüß1')).toEqual([]);
  });

  it('rejects a missing password with the length message', () => {
    expect(ZPassword.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual([TOO_SHORT]);
  });

  it('uses the spec minimum of 8 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });
});

describe('password confirmation', () => {
  it('accepts a matching confirmation', () => {
    expect(passwordConfirmationError('Sicher12', 'Sicher12')).toBeNull();
    expect(
      ZPasswordWithConfirmation.safeParse({ password: 'Sicher12', passwordConfirmation: 'Sicher12' }).success,
    ).toBe(true);
  });

  it('reports a mismatch', () => {
    expect(passwordConfirmationError('Sicher12', 'Sicher13')).toBe(MISMATCH);
    const result = ZPasswordWithConfirmation.safeParse({
      password: 'Sicher12',
      passwordConfirmation: 'Sicher13',
    });
    expect(result.error?.issues).toMatchObject([{ path: ['passwordConfirmation'], message: MISMATCH }]);
  });

  it('reports the mismatch beside the broken password rules', () => {
    const result = ZPasswordWithConfirmation.safeParse({ password: 'sicher', passwordConfirmation: 'x' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([TOO_SHORT, NO_UPPER, NO_DIGIT, MISMATCH]);
  });

  it('reports a missing confirmation as a mismatch', () => {
    const result = ZPasswordWithConfirmation.safeParse({ password: 'Sicher12' });
    expect(result.error?.issues).toMatchObject([{ path: ['passwordConfirmation'], message: MISMATCH }]);
  });
});

describe('names', () => {
  it('accepts first and last names of at least 2 characters and trims them', () => {
    expect(ZPersonName.parse({ first_name: ' Al ', last_name: 'Li' })).toEqual({
      first_name: 'Al',
      last_name: 'Li',
    });
    expect(NAME_MIN_LENGTH).toBe(2);
  });

  it('refuses shorter names with a German message per field', () => {
    const result = ZPersonName.safeParse({ first_name: ' A ', last_name: '' });
    expect(result.error?.issues).toMatchObject([
      { path: ['first_name'], message: 'Der Vorname muss mindestens 2 Zeichen lang sein' },
      { path: ['last_name'], message: 'Der Nachname muss mindestens 2 Zeichen lang sein' },
    ]);
  });

  it('refuses missing names with the same message', () => {
    expect(ZFirstName.safeParse(undefined).error?.issues[0]?.message).toBe(
      'Der Vorname muss mindestens 2 Zeichen lang sein',
    );
    expect(ZLastName.safeParse(null).error?.issues[0]?.message).toBe(
      'Der Nachname muss mindestens 2 Zeichen lang sein',
    );
  });
});
