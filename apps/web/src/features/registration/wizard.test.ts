import { NAME_MESSAGES } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SCHOOL,
  firstNameError,
  isOptionalStep,
  lastNameError,
  profileMetaData,
  schoolForProfile,
  stateCode,
  stepProgress,
  type WizardValues,
} from './wizard';

const empty: WizardValues = {
  firstName: '',
  lastName: '',
  password: '',
  passwordConfirmation: '',
  school: EMPTY_SCHOOL,
  subjects: [],
};

describe('the steps of the registration dialog', () => {
  it('makes only school and subjects optional', () => {
    expect([0, 1, 2, 3].map(isOptionalStep)).toEqual([false, false, true, true]);
  });

  it('finishes the name step with two names of at least 2 characters after trimming', () => {
    expect(stepProgress(0, { ...empty, firstName: 'Al', lastName: 'Bo' }, false)).toBe(100);
    expect(stepProgress(0, { ...empty, firstName: ' A ', lastName: 'Bo' }, false)).toBe(0);
    expect(stepProgress(0, { ...empty, firstName: 'Al', lastName: '' }, false)).toBe(0);
  });

  it('finishes the password step with a valid, confirmed password or one already set', () => {
    expect(stepProgress(1, empty, true)).toBe(100);
    expect(
      stepProgress(1, { ...empty, password: 'Kreide123', passwordConfirmation: 'Kreide123' }, false),
    ).toBe(100);
    expect(
      stepProgress(1, { ...empty, password: 'Kreide123', passwordConfirmation: 'Kreide124' }, false),
    ).toBe(0);
    expect(
      stepProgress(1, { ...empty, password: 'kreide123', passwordConfirmation: 'kreide123' }, false),
    ).toBe(0);
  });

  it('counts the school step done with any field and the subjects step with one subject', () => {
    expect(stepProgress(2, empty, false)).toBe(0);
    expect(stepProgress(2, { ...empty, school: { ...EMPTY_SCHOOL, city: 'Ulm' } }, false)).toBe(100);
    expect(stepProgress(3, empty, false)).toBe(0);
    expect(stepProgress(3, { ...empty, subjects: ['Physik'] }, false)).toBe(100);
  });
});

describe('messages of the fields', () => {
  // The password messages: lib/passwordRules.test.ts.
  it('uses the German name messages of the contract', () => {
    expect(firstNameError('A')).toBe(NAME_MESSAGES.firstNameTooShort);
    expect(lastNameError(' ')).toBe(NAME_MESSAGES.lastNameTooShort);
    expect(firstNameError('Al')).toBeNull();
  });
});

describe('the school in the profile', () => {
  it('is saved with the state name only when state, city and school are all filled', () => {
    expect(schoolForProfile({ state: 'BY', city: ' Passau ', schule: 'Gymnasium Leopoldinum' })).toEqual({
      bundesland: 'Bayern',
      city: 'Passau',
      schule: 'Gymnasium Leopoldinum',
    });
    expect(schoolForProfile({ state: 'BY', city: '', schule: 'Gymnasium' })).toBeNull();
    expect(schoolForProfile({ state: '', city: 'Passau', schule: 'Gymnasium' })).toBeNull();
  });

  it('reads a stored state by name or code', () => {
    expect(stateCode('Thüringen')).toBe('TH');
    expect(stateCode('NW')).toBe('NW');
    expect(stateCode('Atlantis')).toBe('');
  });

  it('keeps the avatar, the colour mode and, on the name step, the stored school', () => {
    const previous = {
      first_name: 'Alt',
      last_name: 'Name',
      avatar_url: 'https://bild.example/a.png',
      school: { bundesland: 'Berlin', city: 'Berlin', schule: 'Schule am Park' },
      color_scheme: 'dark' as const,
    };
    const values = { firstName: ' Erika ', lastName: 'Muster', school: EMPTY_SCHOOL };
    expect(profileMetaData(values, previous, false)).toEqual({
      first_name: 'Erika',
      last_name: 'Muster',
      avatar_url: 'https://bild.example/a.png',
      school: previous.school,
      color_scheme: 'dark',
    });
    expect(profileMetaData(values, previous, true).school).toBeNull();
  });
});
