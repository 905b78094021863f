import { z } from 'zod';
import { ZTimestamp, zRequiredString } from './common';
import { errorMessages } from './errors';
import { ZId, ZUserId, zId } from './ids';

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
  description: z.string(),
};

/** `POST /api/classes` (spec §5: grade, name and subject_id, else 'Fehlende Informationen für die Klasse'). */
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

/** `GET /api/classes`, ordered by `updated_at` descending (spec §7). */
export const ZListClassesResponse = z.array(ZClass);
export type ListClassesResponse = z.infer<typeof ZListClassesResponse>;

export const ZGetClassResponse = ZClass;
export type GetClassResponse = z.infer<typeof ZGetClassResponse>;

export const ZDeleteClassResponse = z.object({ id: ZId });
export type DeleteClassResponse = z.infer<typeof ZDeleteClassResponse>;
