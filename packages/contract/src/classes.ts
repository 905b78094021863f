import { z } from 'zod';
import { ZClassAccess } from './class-teachers';
import { ZTimestamp, zRequiredString } from './common';
import { errorMessages } from './errors';
import { ZId, ZUserId, zId } from './ids';
import { zLine, zMultiline } from './text';

/**
 * A class (Klasse). `grade` is text, not a number: German upper secondary uses grades such as `EF`, `Q1`,
 * `J2` beside `5` … `13`.
 */
export const ZClass = z.object({
  id: ZId,
  name: z.string(),
  description: z.string(),
  grade: z.string(),
  subject_id: ZId,
  created_at: ZTimestamp,
  created_by: ZUserId,
  updated_at: ZTimestamp,
  /** User ids of the class's students; only filled when asked for. */
  students: z.array(ZUserId).optional(),
  /** The viewer's access: the owner's, or the role a colleague shared it with (class-teachers.ts). */
  my_role: ZClassAccess.default('owner'),
});
export type Class = z.infer<typeof ZClass>;

/** The `class_user` link between a class and a student account. */
export const ZClassUser = z.object({
  class_id: ZId,
  user_id: ZUserId,
  created_by: ZUserId,
});
export type ClassUser = z.infer<typeof ZClassUser>;

const missing = errorMessages.CLASS_FIELDS_MISSING;

const classFields = {
  name: zRequiredString(missing),
  grade: zRequiredString(missing),
  subject_id: zId(missing),
  description: zMultiline(),
};

/**
 * `POST /api/classes` (PRODUCT.md §5: grade, name and subject_id, else 'Fehlende Informationen für die
 * Klasse').
 */
export const ZCreateClassRequest = z.object({
  ...classFields,
  description: classFields.description.default(''),
});
export type CreateClassRequest = z.input<typeof ZCreateClassRequest>;
export const ZCreateClassResponse = ZClass;
export type CreateClassResponse = z.infer<typeof ZCreateClassResponse>;

/** `PATCH /api/classes/:id`: only the fields sent change; unknown keys (a whole row) are dropped. */
export const ZUpdateClassRequest = z.object(classFields).partial();
export type UpdateClassRequest = z.infer<typeof ZUpdateClassRequest>;
export const ZUpdateClassResponse = ZClass;
export type UpdateClassResponse = z.infer<typeof ZUpdateClassResponse>;

/** `GET /api/classes`, ordered by `updated_at` descending (PRODUCT.md §7). */
export const ZListClassesResponse = z.array(ZClass);
export type ListClassesResponse = z.infer<typeof ZListClassesResponse>;

export const ZGetClassResponse = ZClass;
export type GetClassResponse = z.infer<typeof ZGetClassResponse>;

export const ZDeleteClassResponse = z.object({ id: ZId });
export type DeleteClassResponse = z.infer<typeof ZDeleteClassResponse>;

/** `/api/classes/:id/students/:userId` params. */
export const ZClassStudentParams = z.object({ id: ZId, userId: ZUserId });
export type ClassStudentParams = z.infer<typeof ZClassStudentParams>;

/** A student of a class with the names from their (decrypted) profile; empty names when there is none. */
export const ZClassStudent = z.object({
  user_id: ZUserId,
  first_name: z.string(),
  last_name: z.string(),
});
export type ClassStudent = z.infer<typeof ZClassStudent>;

/** `GET /api/classes/:id/students`, ordered by last name, then first name (German collation). */
export const ZListClassStudentsResponse = z.array(ZClassStudent);
export type ListClassStudentsResponse = z.infer<typeof ZListClassStudentsResponse>;

/** `DELETE /api/classes/:id/students/:userId`: removes only the class_user link (PRODUCT.md §4). */
export const ZRemoveClassStudentResponse = z.object({ class_id: ZId, user_id: ZUserId });
export type RemoveClassStudentResponse = z.infer<typeof ZRemoveClassStudentResponse>;

/**
 * Join tokens (ADR 006): 10 characters from an alphabet without look-alikes (no 0/O, 1/I/L), so a teacher
 * can read one aloud or type it from a projector. Matching ignores case, spaces and dashes.
 */
export const JOIN_TOKEN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_TOKEN_LENGTH = 10;

/** Upper-cases a typed token and drops separators (`abcde-fghjk` → `ABCDEFGHJK`). */
export function normalizeJoinToken(token: string): string {
  return token.toUpperCase().replace(/[\s_-]+/g, '');
}

/** `GET /api/classes/:id/token` (for /showClassToken) and `POST /api/classes/:id/token` (rotates it). */
export const ZClassTokenResponse = z.object({ class_id: ZId, join_token: z.string() });
export type ClassTokenResponse = z.infer<typeof ZClassTokenResponse>;

/** `POST /api/join_class` (PRODUCT.md §7; who calls it: ADR 006). */
export const ZJoinClassRequest = z.object({
  student_user_id: ZUserId,
  p_token: zLine({ error: errorMessages.JOIN_TOKEN_INVALID })
    .trim()
    .min(1, { error: errorMessages.JOIN_TOKEN_INVALID })
    .max(64, { error: errorMessages.JOIN_TOKEN_INVALID }),
});
export type JoinClassRequest = z.infer<typeof ZJoinClassRequest>;
export const ZJoinClassResponse = z.object({
  message: z.string(),
  class_id: ZId,
  /** Submissions created for the class's existing tasks. */
  created_submissions: z.number().int().min(0),
});
export type JoinClassResponse = z.infer<typeof ZJoinClassResponse>;
