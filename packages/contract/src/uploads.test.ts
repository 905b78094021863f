import { describe, expect, it } from 'vitest';
import { errorMessages } from './errors';
import { studentLabels, submissionWindow, ZStudentUploadFields } from './uploads';

const s = (id: string, first_name: string, last_name: string) => ({ id, first_name, last_name });

describe('student labels on the public submit page', () => {
  it('show the first name and the initial of the last name', () => {
    const labels = studentLabels([s('1', 'Greta', 'Glück'), s('2', 'Ömer', 'Özdemir')]);
    expect([...labels.values()]).toEqual(['Greta G.', 'Ömer Ö.']);
  });

  it('take more of the last name while two labels would be the same', () => {
    const labels = studentLabels([
      s('1', 'Max', 'Müller'),
      s('2', 'Max', 'Meier'),
      s('3', 'Anna', 'Schmidt'),
      s('4', 'Anna', 'Schmitz'),
      s('5', 'Lea', 'M'),
    ]);
    expect(Object.fromEntries(labels)).toEqual({
      '1': 'Max Mü.',
      '2': 'Max Me.',
      '3': 'Anna Schmid.',
      '4': 'Anna Schmit.',
      '5': 'Lea M',
    });
  });

  it('number true namesakes and name students without a readable profile', () => {
    const labels = studentLabels([s('1', 'Tim', 'Bauer'), s('2', 'Tim', 'Bauer'), s('3', '', '')]);
    expect(Object.fromEntries(labels)).toEqual({
      '1': 'Tim Bauer',
      '2': 'Tim Bauer (2)',
      '3': 'Schüler 1',
    });
  });
});

describe('the submission window of a task', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  it('is open only while published and before the due date unless late submissions are allowed', () => {
    const task = { status: 'published' as const, due_date: null, allow_late_submissions: false };
    expect(submissionWindow(task, now)).toEqual({ accepting: true, reason: null });
    expect(submissionWindow({ ...task, status: 'draft' }, now).reason).toBe('draft');
    expect(submissionWindow({ ...task, status: 'closed' }, now).reason).toBe('closed');
    const due = { ...task, due_date: '2026-03-01T09:59:59Z' };
    expect(submissionWindow(due, now)).toEqual({ accepting: false, reason: 'past_due' });
    expect(submissionWindow({ ...due, allow_late_submissions: true }, now).accepting).toBe(true);
    expect(submissionWindow({ ...task, due_date: '2026-03-01T10:00:00Z' }, now).accepting).toBe(true);
  });
});

describe('upload fields', () => {
  it('need a picked student or a typed name of at least 2 characters', () => {
    expect(ZStudentUploadFields.safeParse({ studentName: '  Ada   Lovelace ' }).data).toEqual({
      studentName: 'Ada Lovelace',
    });
    for (const fields of [{}, { studentName: ' A ' }]) {
      const result = ZStudentUploadFields.safeParse(fields);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(errorMessages.UPLOAD_NAME_REQUIRED);
    }
  });
});
