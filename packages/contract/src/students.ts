import { z } from 'zod';
import { ZId, ZUserId } from './ids';
import { zLine } from './text';
import { ZFirstName, ZLastName, ZPassword } from './validation';

// Student accounts (PRODUCT.md §6: a teacher creates student accounts and resets their passwords).

export const INVALID_EMAIL_MESSAGE = 'Bitte eine gültige E-Mail-Adresse angeben';

/** `POST /api/createStudent` (PRODUCT.md §7: email, password; plus the class the student goes into). */
export const ZCreateStudentRequest = z.object({
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: INVALID_EMAIL_MESSAGE })),
  password: ZPassword,
  class_id: ZId,
  first_name: ZFirstName.optional(),
  last_name: ZLastName.optional(),
});
export type CreateStudentRequest = z.infer<typeof ZCreateStudentRequest>;

export const ZStudentAccount = z.object({ id: ZUserId, email: z.string() });
export type StudentAccount = z.infer<typeof ZStudentAccount>;

/** PRODUCT.md §7 response: message, user. */
export const ZCreateStudentResponse = z.object({ message: z.string(), user: ZStudentAccount });
export type CreateStudentResponse = z.infer<typeof ZCreateStudentResponse>;

/** At most this many names per bulk request (a large class, with room to spare). */
export const BULK_STUDENTS_MAX = 40;
/** Longest accepted name line. */
export const STUDENT_NAME_MAX_LENGTH = 100;

export const BULK_STUDENT_MESSAGES = {
  noNames: 'Bitte mindestens einen Namen angeben',
  tooMany: `Höchstens ${BULK_STUDENTS_MAX} Namen auf einmal`,
  nameInvalid: 'Jeder Name muss zwischen 2 und 100 Zeichen lang sein',
} as const;

/**
 * `POST /api/createStudents`: one account per pasted name ("Vorname Nachname" or "Nachname, Vorname"),
 * with a generated e-mail address under a non-routable domain and a generated password.
 */
export const ZCreateStudentsRequest = z.object({
  class_id: ZId,
  names: z
    .array(
      zLine({ error: BULK_STUDENT_MESSAGES.nameInvalid })
        .trim()
        .min(2, { error: BULK_STUDENT_MESSAGES.nameInvalid })
        .max(STUDENT_NAME_MAX_LENGTH, { error: BULK_STUDENT_MESSAGES.nameInvalid }),
    )
    .min(1, { error: BULK_STUDENT_MESSAGES.noNames })
    .max(BULK_STUDENTS_MAX, { error: BULK_STUDENT_MESSAGES.tooMany }),
});
export type CreateStudentsRequest = z.infer<typeof ZCreateStudentsRequest>;

/** The created accounts with their passwords: shown (and printable) once, never stored in plain text. */
export const ZCreateStudentsResponse = z.object({
  students: z.array(
    z.object({
      user_id: ZUserId,
      name: z.string(),
      email: z.string(),
      password: z.string(),
    }),
  ),
});
export type CreateStudentsResponse = z.infer<typeof ZCreateStudentsResponse>;

/** `/api/students/:id` (delete) and `/api/students/:id/export` (ADR 022): the student's user id. */
export const ZStudentParams = z.object({ id: ZUserId });
export type StudentParams = z.infer<typeof ZStudentParams>;

/** `DELETE /api/students/:id`: the account is gone with this many submissions and stored files. */
export const ZDeleteStudentResponse = z.object({
  user_id: ZUserId,
  submissions: z.number().int().min(0),
  files: z.number().int().min(0),
});
export type DeleteStudentResponse = z.infer<typeof ZDeleteStudentResponse>;

/** `POST /api/reset_student_pw` (PRODUCT.md §7): only for students in the caller's classes. */
export const ZResetStudentPasswordRequest = z.object({ user_id: ZUserId, new_password: ZPassword });
export type ResetStudentPasswordRequest = z.infer<typeof ZResetStudentPasswordRequest>;

/**
 * Splits a pasted line into first and last name: "Nachname, Vorname" when there is a comma, otherwise the
 * first word is the first name and the rest the last name ("Anna von der Heide" → Anna / von der Heide).
 * A single word is a first name with an empty last name.
 */
export function splitStudentName(line: string): { first_name: string; last_name: string } {
  const clean = line.replace(/\s+/g, ' ').trim();
  const comma = clean.indexOf(',');
  if (comma >= 0) {
    const last = clean.slice(0, comma).trim();
    const first = clean.slice(comma + 1).trim();
    return first ? { first_name: first, last_name: last } : { first_name: last, last_name: '' };
  }
  const space = clean.indexOf(' ');
  if (space < 0) return { first_name: clean, last_name: '' };
  return { first_name: clean.slice(0, space), last_name: clean.slice(space + 1) };
}
