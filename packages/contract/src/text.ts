import { z } from 'zod';
import { errorMessages } from './errors';

// User text in requests (ARCHITECTURE.md §6): every string a client types goes through one of the schemas
// below, so that the rule is the same everywhere. Control characters (NUL, escape, bell …, the C1 range) are
// refused with TEXT_CONTROL_CHARACTERS — PostgreSQL cannot even store a NUL. Tab and line breaks are
// whitespace: multi-line text keeps them, single-line text (names, titles) gets one space instead.

/** Control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const CONTROL_ALL = new RegExp(CONTROL.source, 'g');
/** Runs of tabs and line breaks (one space in single-line text). */
const LINE_BREAKS = /[\t\n\r]+/g;

/** The issue message of refused text; the API answers it as TEXT_CONTROL_CHARACTERS. */
export const TEXT_CONTROL_MESSAGE = errorMessages.TEXT_CONTROL_CHARACTERS;

/** True when `text` contains a control character that no text may contain (tab and line breaks may). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** Single-line user text: tabs and line breaks become one space; other control characters are refused. */
export function zLine(params?: { error?: string }) {
  return z
    .string(params)
    .overwrite((value) => value.replace(LINE_BREAKS, ' '))
    .refine((value) => !CONTROL.test(value), { error: TEXT_CONTROL_MESSAGE });
}

/** Multi-line user text (descriptions, feedback, LaTeX): tabs and line breaks stay; other control characters are refused. */
export function zMultiline(params?: { error?: string }) {
  return z.string(params).refine((value) => !CONTROL.test(value), { error: TEXT_CONTROL_MESSAGE });
}

/** True when no string in the JSON value (keys included) contains a refused control character. */
export function isCleanDocument(value: unknown): boolean {
  if (typeof value === 'string') return !CONTROL.test(value);
  if (Array.isArray(value)) return value.every(isCleanDocument);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).every(([key, inner]) => !CONTROL.test(key) && isCleanDocument(inner));
  return true;
}

/**
 * The JSON value with every refused control character removed from its strings (keys too); for text the app
 * did not get from a person (an AI's answer), where refusing would help no one.
 */
export function withoutControlCharacters(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(CONTROL_ALL, '');
  if (Array.isArray(value)) return value.map(withoutControlCharacters);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key.replace(CONTROL_ALL, ''),
        withoutControlCharacters(inner),
      ]),
    );
  return value;
}
