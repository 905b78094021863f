import {
  FEDERAL_STATES,
  SCHOOL_SEARCH_LIMIT,
  type ListSchoolsRequest,
  type ListSchoolsResponse,
  type SchoolStatesResponse,
} from '@app/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import { schoolDirectorySchools } from '../../db/schema';
import type { Ctx } from '../context';
import { ensureSchoolsCached } from './refresh';
import { rankSchools, searchTerms } from './search';

/** The 16 federal states, whether this server has a school directory to search them in, and its source. */
export function listSchoolStates(ctx: Ctx): SchoolStatesResponse {
  return {
    directory: ctx.services.schoolDirectory !== null,
    source: ctx.services.schoolDirectory?.source ?? null,
    states: FEDERAL_STATES.map(({ code, name }) => ({ code, name })),
  };
}

/**
 * The state's schools whose name and city contain every word of `q` (case, umlauts and accents aside), best
 * matches first, at most SCHOOL_SEARCH_LIMIT; from the cache (ARCHITECTURE.md §4), filled on first use.
 */
export async function searchSchools(ctx: Ctx, request: ListSchoolsRequest): Promise<ListSchoolsResponse> {
  const directory = ctx.services.schoolDirectory;
  if (!directory) return { directory: false, items: [] };
  await ensureSchoolsCached(ctx, directory, request.state);
  const terms = searchTerms(request.q ?? '');
  const columns = {
    id: schoolDirectorySchools.id,
    name: schoolDirectorySchools.name,
    city: schoolDirectorySchools.city,
  };
  const ofState = eq(schoolDirectorySchools.state, request.state);
  if (terms.length === 0) {
    const items = await ctx.db
      .select(columns)
      .from(schoolDirectorySchools)
      .where(ofState)
      .orderBy(asc(schoolDirectorySchools.name), asc(schoolDirectorySchools.id))
      .limit(SCHOOL_SEARCH_LIMIT);
    return { directory: true, items };
  }
  // Folded terms hold only letters, digits and spaces: nothing LIKE would read as a pattern.
  const candidates = await ctx.db
    .select(columns)
    .from(schoolDirectorySchools)
    .where(and(ofState, ...terms.map((t) => like(schoolDirectorySchools.search_text, `%${t}%`))));
  return { directory: true, items: rankSchools(candidates, terms.join(' '), SCHOOL_SEARCH_LIMIT) };
}
