import {
  SUBJECTS,
  type ZCreateSubjectResponse,
  type ZGetProfileResponse,
  type ZListSchoolsResponse,
  type ZSchoolStatesResponse,
  type ZUpdateProfileResponse,
  type Profile,
  type ProfileMetaData,
  type Subject,
} from '@app/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { subjectsQueryOptions } from '../subjects/queries';
import { queryKeys } from '../../lib/queryKeys';

/** The signed-in user's profile and the school directory (PRODUCT.md §7), for the registration dialog. */

/** `GET /api/profile`: the caller's profile, decrypted; null while there is none. */
export const profileQueryOptions = queryOptions({
  queryKey: queryKeys.profile.own(),
  queryFn: async ({ signal }) =>
    (
      await apiFetch('/api/profile', {
        schema: checkedByServer<ResponseOf<typeof ZGetProfileResponse>>(),
        signal,
      })
    ).profile,
});

/** `GET /api/schools/states`: the 16 states, whether a directory is configured and its source. */
export const schoolStatesQueryOptions = queryOptions({
  queryKey: queryKeys.schools.states,
  queryFn: ({ signal }) =>
    apiFetch('/api/schools/states', {
      schema: checkedByServer<ResponseOf<typeof ZSchoolStatesResponse>>(),
      signal,
    }),
  staleTime: Infinity,
});

/** `GET /api/schools?state=&q=`: the server searches; at most a few dozen suggestions, best first. */
export function schoolSearchQueryOptions(state: string, q: string) {
  return queryOptions({
    queryKey: queryKeys.schools.search(state, q),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ state });
      if (q) query.set('q', q);
      return apiFetch(`/api/schools?${query.toString()}`, {
        schema: checkedByServer<ResponseOf<typeof ZListSchoolsResponse>>(),
        signal,
      });
    },
    staleTime: 5 * 60_000,
  });
}

/** `PUT /api/profile`: creates the caller's profile or replaces its meta_data; the cache gets the answer. */
export async function saveProfile(queryClient: QueryClient, meta_data: ProfileMetaData): Promise<Profile> {
  const profile = await apiFetch('/api/profile', {
    method: 'PUT',
    body: { meta_data },
    schema: checkedByServer<ResponseOf<typeof ZUpdateProfileResponse>>(),
  });
  queryClient.setQueryData(profileQueryOptions.queryKey, profile);
  return profile;
}

const folded = (name: string) => name.trim().toLocaleLowerCase('de');

/** Which of the offered subjects (PRODUCT.md §9) the teacher already has, by name. */
export function existingSubjectNames(subjects: readonly Subject[]): Set<string> {
  const own = new Set(subjects.map((s) => folded(s.name)));
  return new Set(SUBJECTS.filter((s) => own.has(folded(s.name))).map((s) => s.name));
}

/**
 * Creates each named subject the teacher does not have yet (`POST /api/subjects`), one after the other, so
 * that a failure leaves the ones before it created and a retry does not create them twice. Returns the names
 * created.
 */
export async function createMissingSubjects(
  queryClient: QueryClient,
  names: readonly string[],
): Promise<string[]> {
  if (names.length === 0) return [];
  const existing = existingSubjectNames(
    await queryClient.fetchQuery({ ...subjectsQueryOptions, staleTime: 0 }),
  );
  const created: string[] = [];
  try {
    for (const name of names) {
      if (existing.has(name)) continue;
      await apiFetch('/api/subjects', {
        method: 'POST',
        body: { name },
        schema: checkedByServer<ResponseOf<typeof ZCreateSubjectResponse>>(),
      });
      created.push(name);
    }
  } finally {
    if (created.length > 0) await queryClient.invalidateQueries({ queryKey: queryKeys.subjects.list() });
  }
  return created;
}
