import { z } from 'zod';
import { USER_ROLES } from './constants';
import { FEDERAL_STATES, SUBJECTS, type FederalStateCode, type SubjectCode } from './lists';
import { zLine } from './text';

/** Timestamps travel as ISO 8601 strings (`Date.prototype.toISOString()`; an offset is accepted too). */
export const ZTimestamp = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof ZTimestamp>;

/**
 * Single-line user text (`zLine`) that must be present and non-blank after trimming; every issue but refused
 * control characters carries `message`.
 */
export function zRequiredString(message: string) {
  return zLine({ error: message }).trim().min(1, { error: message });
}

/** The `{ message }` body several endpoints of PRODUCT.md §7 answer with. */
export const ZMessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof ZMessageResponse>;

export const ZSubjectCode = z.enum(SUBJECTS.map((s) => s.code) as [SubjectCode, ...SubjectCode[]]);

export const ZFederalStateCode = z.enum(
  FEDERAL_STATES.map((s) => s.code) as [FederalStateCode, ...FederalStateCode[]],
);

/** `user_role` of the access token (`USER_ROLES`, `isPermittedRole` in constants.ts). */
export const ZUserRole = z.enum(USER_ROLES);
