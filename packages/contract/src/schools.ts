import { z } from 'zod';
import { ZFederalStateCode } from './common';

/** One school of the public school directory (PRODUCT.md §7). */
export const ZSchoolLookupItem = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
});
export type SchoolLookupItem = z.infer<typeof ZSchoolLookupItem>;

/** `GET /api/schools?state=BY`: the schools of one federal state (at most `SCHOOL_LIST_LIMIT`). */
export const ZListSchoolsRequest = z.object({ state: ZFederalStateCode });
export type ListSchoolsRequest = z.infer<typeof ZListSchoolsRequest>;
export const ZListSchoolsResponse = z.object({ items: z.array(ZSchoolLookupItem) });
export type ListSchoolsResponse = z.infer<typeof ZListSchoolsResponse>;
