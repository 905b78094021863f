import { z } from 'zod';
import { ZFederalStateCode } from './common';
import { zLine } from './text';

/** How many suggestions `GET /api/schools` sends at most. */
export const SCHOOL_SEARCH_LIMIT = 30;

/** One federal state the school directory covers. */
export const ZSchoolState = z.object({ code: ZFederalStateCode, name: z.string() });
export type SchoolState = z.infer<typeof ZSchoolState>;

/**
 * `GET /api/schools/states`: the 16 federal states. `directory: false` when the server has no school
 * directory configured: the UI then offers free text. `source` is the directory's address (its origin), which
 * the UI credits beside the suggestions; null without a directory.
 */
export const ZSchoolStatesResponse = z.object({
  directory: z.boolean(),
  source: z.string().nullable(),
  states: z.array(ZSchoolState),
});
export type SchoolStatesResponse = z.infer<typeof ZSchoolStatesResponse>;

/** One suggestion of the school directory; `city` is null where the directory has none. */
export const ZSchoolLookupItem = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string().nullable(),
});
export type SchoolLookupItem = z.infer<typeof ZSchoolLookupItem>;

/** `GET /api/schools?state=BY&q=…`: schools of one state matching `q` by name and city, best first. */
export const ZListSchoolsRequest = z.object({
  state: ZFederalStateCode,
  q: zLine().pipe(z.string().max(100)).optional(),
});
export type ListSchoolsRequest = z.infer<typeof ZListSchoolsRequest>;
/** At most `SCHOOL_SEARCH_LIMIT` items; `directory: false` (and no items) without a configured directory. */
export const ZListSchoolsResponse = z.object({
  directory: z.boolean(),
  items: z.array(ZSchoolLookupItem).max(SCHOOL_SEARCH_LIMIT),
});
export type ListSchoolsResponse = z.infer<typeof ZListSchoolsResponse>;
