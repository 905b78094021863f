import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { zRequiredString } from './common';
import { ZCreateSubjectRequest } from './subjects';
import { ZTaskDataInput } from './tasks';
import {
  hasControlCharacters,
  isCleanDocument,
  TEXT_CONTROL_MESSAGE,
  withoutControlCharacters,
  zLine,
  zMultiline,
} from './text';
import { ZStudentUploadFields } from './uploads';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('user text', () => {
  it('refuses NUL, escape, bell, DEL and C1 controls in single- and multi-line text', () => {
    for (const bad of ['a\u0000', '\u001b[31m', 'x\u0007', 'x\u007f', 'x\u0085', '\u000bx', '\u000cx']) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
      expect(messages(zLine(), bad)).toEqual([TEXT_CONTROL_MESSAGE]);
      expect(messages(zMultiline(), bad)).toEqual([TEXT_CONTROL_MESSAGE]);
    }
  });

  it('keeps tabs and line breaks in multi-line text and makes them one space in single-line text', () => {
    expect(zMultiline().parse('Zeile 1\r\n\tZeile 2\n')).toBe('Zeile 1\r\n\tZeile 2\n');
    expect(zLine().parse('Greta\tGlück')).toBe('Greta Glück');
    expect(zLine().parse('Kunst\r\n\nund Musik')).toBe('Kunst und Musik');
    expect(zLine().parse('Ä ß é 😀')).toBe('Ä ß é 😀');
  });

  it('applies to required strings, names of uploads and task documents', () => {
    expect(messages(zRequiredString('Pflicht'), 'a\u0000')).toEqual([TEXT_CONTROL_MESSAGE]);
    expect(messages(zRequiredString('Pflicht'), '\n\t')).toEqual(['Pflicht']);
    expect(ZCreateSubjectRequest.safeParse({ name: 'Kunst', description: 'a\u0000' }).success).toBe(false);
    expect(messages(ZStudentUploadFields, { studentName: 'Anna\u0000' })).toContain(TEXT_CONTROL_MESSAGE);
    expect(isCleanDocument({ type: 'doc', content: [{ text: 'a\nb\tc' }] })).toBe(true);
    expect(isCleanDocument({ type: 'doc', content: [{ text: 'a\u0000' }] })).toBe(false);
    expect(isCleanDocument({ 'k\u0000': 1 })).toBe(false);
    expect(messages(ZTaskDataInput, { content: [['x', { y: '\u0001' }]] })).toEqual([TEXT_CONTROL_MESSAGE]);
  });

  it('removes control characters from text nobody typed (an AI answer), keeping tabs and line breaks', () => {
    expect(
      withoutControlCharacters({ 'na\u0000me': ['a\u0000b', { c: 'x\ty\n\u001bz' }], n: 3, ok: null }),
    ).toEqual({ name: ['ab', { c: 'x\ty\nz' }], n: 3, ok: null });
  });
});
