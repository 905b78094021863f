import { describe, expect, it } from 'vitest';
import {
  isSchoolComplete,
  isSchoolStepComplete,
  isSubjectsStepComplete,
  needsRegistration,
  registrationDialogAllowedOn,
} from './registration';

describe('school step', () => {
  it('is done when any of the three fields is filled', () => {
    expect(isSchoolStepComplete({ bundesland: 'BY' })).toBe(true);
    expect(isSchoolStepComplete({ city: 'Köln' })).toBe(true);
    expect(isSchoolStepComplete({ schule: 'Gymnasium' })).toBe(true);
  });

  it('is not done while every field is empty or blank', () => {
    expect(isSchoolStepComplete({})).toBe(false);
    expect(isSchoolStepComplete({ bundesland: null, city: '  ', schule: '' })).toBe(false);
  });

  it('saves the school only when all three fields are filled', () => {
    expect(isSchoolComplete({ bundesland: 'BY', city: 'München', schule: 'Gymnasium' })).toBe(true);
    expect(isSchoolComplete({ bundesland: 'BY', city: 'München' })).toBe(false);
    expect(isSchoolComplete({ bundesland: 'BY', city: ' ', schule: 'Gymnasium' })).toBe(false);
  });
});

describe('subjects step', () => {
  it('is done with at least one subject selected', () => {
    expect(isSubjectsStepComplete(['mathematik'])).toBe(true);
    expect(isSubjectsStepComplete([])).toBe(false);
  });
});

describe('needsRegistration', () => {
  const done = { registration_completed: true, profile_setup_done: true };

  it('opens the dialog for a user without a profile', () => {
    expect(needsRegistration(false, done)).toBe(true);
  });

  it('opens the dialog while either flag is missing', () => {
    expect(needsRegistration(true, null)).toBe(true);
    expect(needsRegistration(true, undefined)).toBe(true);
    expect(needsRegistration(true, { profile_setup_done: true })).toBe(true);
    expect(needsRegistration(true, { registration_completed: true })).toBe(true);
    expect(needsRegistration(true, { registration_completed: true, profile_setup_done: false })).toBe(true);
  });

  it('leaves a registered user alone', () => {
    expect(needsRegistration(true, done)).toBe(false);
  });
});

describe('where the registration dialog may open', () => {
  it.each([
    '/login',
    '/login/extra',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/error',
    '/waitlist',
    '/email-confirmed',
    '/404',
    '/submit/abc',
  ])('never on %s', (path) => {
    expect(registrationDialogAllowedOn(path)).toBe(false);
  });

  it.each(['/classes', '/subjects', '/account', '/classes/k1/tasks/t1', '/admin/users', '/notifications'])(
    'on %s',
    (path) => {
      expect(registrationDialogAllowedOn(path)).toBe(true);
    },
  );
});
