import { z } from 'zod';
import { ZTimestamp, zRequiredString } from './common';
import { errorMessages } from './errors';
import { ZId, ZUserId } from './ids';
import { zMultiline } from './text';

/** PRODUCT.md §5: a subject needs a name (error code `SUBJECT_NAME_REQUIRED`). */
export const SUBJECT_NAME_REQUIRED_MESSAGE = errorMessages.SUBJECT_NAME_REQUIRED;

export const ZSubject = z.object({
  id: ZId,
  name: z.string(),
  description: z.string(),
  created_at: ZTimestamp,
  created_by: ZUserId,
  updated_at: ZTimestamp,
});
export type Subject = z.infer<typeof ZSubject>;

const subjectFields = {
  name: zRequiredString(SUBJECT_NAME_REQUIRED_MESSAGE),
  description: zMultiline(),
};

/** `POST /api/subjects` (PRODUCT.md §5: a subject needs a name). */
export const ZCreateSubjectRequest = z.object({
  ...subjectFields,
  description: subjectFields.description.default(''),
});
export type CreateSubjectRequest = z.input<typeof ZCreateSubjectRequest>;
export const ZCreateSubjectResponse = ZSubject;
export type CreateSubjectResponse = z.infer<typeof ZCreateSubjectResponse>;

/** `PATCH /api/subjects/:id`: only the fields sent change. */
export const ZUpdateSubjectRequest = z.object(subjectFields).partial();
export type UpdateSubjectRequest = z.infer<typeof ZUpdateSubjectRequest>;
export const ZUpdateSubjectResponse = ZSubject;
export type UpdateSubjectResponse = z.infer<typeof ZUpdateSubjectResponse>;

/** `GET /api/subjects`, ordered by `updated_at` descending (PRODUCT.md §7). */
export const ZListSubjectsResponse = z.array(ZSubject);
export type ListSubjectsResponse = z.infer<typeof ZListSubjectsResponse>;

export const ZGetSubjectResponse = ZSubject;
export type GetSubjectResponse = z.infer<typeof ZGetSubjectResponse>;

/** `DELETE /api/subjects/:id` (409 `SUBJECT_IN_USE` while a class uses it). */
export const ZDeleteSubjectResponse = z.object({ id: ZId });
export type DeleteSubjectResponse = z.infer<typeof ZDeleteSubjectResponse>;
