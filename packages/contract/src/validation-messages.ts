// The password and name rules' limits and messages, without zod: the web's message catalog reads them on
// every page, the schemas in validation.ts are for forms and the API.

/** First and last name need at least this many characters each (PRODUCT.md §5, §9). */
export const NAME_MIN_LENGTH = 2;
/** Passwords need at least this many characters (PRODUCT.md §5, §9). */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_MESSAGES = {
  tooShort: 'Das Passwort muss mindestens 8 Zeichen lang sein',
  noUppercase: 'Das Passwort muss mindestens einen Großbuchstaben enthalten',
  noLowercase: 'Das Passwort muss mindestens einen Kleinbuchstaben enthalten',
  noDigit: 'Das Passwort muss mindestens eine Zahl enthalten',
  mismatch: 'Die Passwörter stimmen nicht überein',
} as const;

export const NAME_MESSAGES = {
  firstNameTooShort: 'Der Vorname muss mindestens 2 Zeichen lang sein',
  lastNameTooShort: 'Der Nachname muss mindestens 2 Zeichen lang sein',
} as const;
