import {
  FEDERAL_STATES,
  isSchoolComplete,
  isSchoolStepComplete,
  isSubjectsStepComplete,
  NAME_MESSAGES,
  ZFirstName,
  ZLastName,
  type ProfileMetaData,
} from '@app/contract';
import { confirmationError, passwordError } from '../../lib/passwordRules';

/** The rules of the registration dialog's steps (PRODUCT.md §2, §4, §5), without any UI. */

export const STEPS = ['welcome', 'security', 'school', 'subjects'] as const;
export type StepKey = (typeof STEPS)[number];
export const LAST_STEP = STEPS.length - 1;

/** School and subjects may be skipped (PRODUCT.md §4). */
export function isOptionalStep(step: number): boolean {
  return STEPS[step] === 'school' || STEPS[step] === 'subjects';
}

export interface SchoolValues {
  /** The federal state's code (`BY`), '' for none. */
  state: string;
  city: string;
  schule: string;
}

export interface WizardValues {
  firstName: string;
  lastName: string;
  password: string;
  passwordConfirmation: string;
  school: SchoolValues;
  /** Subject names from the list of PRODUCT.md §9. */
  subjects: string[];
}

export const EMPTY_SCHOOL: SchoolValues = { state: '', city: '', schule: '' };

export function firstNameError(value: string): string | null {
  return ZFirstName.safeParse(value).success ? null : NAME_MESSAGES.firstNameTooShort;
}

export function lastNameError(value: string): string | null {
  return ZLastName.safeParse(value).success ? null : NAME_MESSAGES.lastNameTooShort;
}

export function stateName(code: string): string {
  return FEDERAL_STATES.find((s) => s.code === code)?.name ?? '';
}

/** A stored `bundesland` (its name; a code is accepted too) as the state's code, '' when unknown. */
export function stateCode(bundesland: string | null | undefined): string {
  const value = (bundesland ?? '').trim();
  return FEDERAL_STATES.find((s) => s.name === value || s.code === value)?.code ?? '';
}

/** The school as the profile stores it: the state's name, and only once all three fields are filled. */
export function schoolForProfile(school: SchoolValues): ProfileMetaData['school'] {
  const value = {
    bundesland: stateName(school.state),
    city: school.city.trim(),
    schule: school.schule.trim(),
  };
  return isSchoolComplete(value) ? value : null;
}

/**
 * A step's progress: 0 or 100 (PRODUCT.md §4); Weiter (and Fertig) only at 100. The password step is done
 * when the account already has a password or both fields pass the rules.
 */
export function stepProgress(step: number, values: WizardValues, hasPassword: boolean): 0 | 100 {
  let done: boolean;
  switch (STEPS[step]) {
    case 'welcome':
      done = firstNameError(values.firstName) === null && lastNameError(values.lastName) === null;
      break;
    case 'security':
      done =
        hasPassword ||
        (passwordError(values.password) === null &&
          confirmationError(values.password, values.passwordConfirmation) === null);
      break;
    case 'school':
      done = isSchoolStepComplete({
        bundesland: values.school.state,
        city: values.school.city,
        schule: values.school.schule,
      });
      break;
    case 'subjects':
      done = isSubjectsStepComplete(values.subjects);
      break;
    default:
      done = false;
  }
  return done ? 100 : 0;
}

/**
 * The profile's meta_data from the dialog, keeping what the dialog does not ask for (avatar, colour mode):
 * `PUT /api/profile` replaces the whole meta_data.
 */
export function profileMetaData(
  values: Pick<WizardValues, 'firstName' | 'lastName' | 'school'>,
  previous: ProfileMetaData | null | undefined,
  withSchool: boolean,
): ProfileMetaData {
  return {
    ...previous,
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    avatar_url: previous?.avatar_url ?? null,
    school: withSchool ? schoolForProfile(values.school) : (previous?.school ?? null),
  };
}
