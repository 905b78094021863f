import { SCHOOL_LIST_LIMIT } from '@app/contract';
import { z } from 'zod';

/** One school as the directory lists it; `city` may be missing. */
export interface DirectorySchool {
  id: string;
  name: string;
  city: string | null;
}

/** How long one fetch of a state's schools may take (a state has up to ~6,000). */
export const SCHOOL_DIRECTORY_TIMEOUT_MS = 30_000;

const ZDirectoryAnswer = z.array(
  z.looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    name: z.string().nullish(),
    city: z.string().nullish(),
  }),
);

/** The directory failed: down, slow, an error status or an answer of the wrong shape. */
export class SchoolDirectoryError extends Error {
  override name = 'SchoolDirectoryError';
}

/** The HTTP client of the public school directory (the jedeschule API's shape). */
export interface SchoolDirectoryClient {
  /** All schools of a state; `signal` stops the request early. */
  fetchState(state: string, signal?: AbortSignal): Promise<DirectorySchool[]>;
}

export function createSchoolDirectoryClient(
  baseUrl: string,
  timeoutMs = SCHOOL_DIRECTORY_TIMEOUT_MS,
): SchoolDirectoryClient {
  return {
    async fetchState(state, signal) {
      // The whole state in one request: the limit (PRODUCT.md §9) is more than any state has.
      const url = `${baseUrl}/schools/?state=${encodeURIComponent(state)}&skip=0&limit=${SCHOOL_LIST_LIMIT}&include_raw=false`;
      let body: unknown;
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: signal
            ? AbortSignal.any([AbortSignal.timeout(timeoutMs), signal])
            : AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new SchoolDirectoryError(`HTTP ${response.status}`);
        body = await response.json();
      } catch (err) {
        if (err instanceof SchoolDirectoryError) throw err;
        const reason =
          err instanceof Error && err.name === 'TimeoutError'
            ? `keine Antwort innerhalb von ${timeoutMs} ms`
            : err instanceof Error
              ? err.message
              : 'Netzwerkfehler';
        throw new SchoolDirectoryError(reason);
      }
      const parsed = ZDirectoryAnswer.safeParse(body);
      if (!parsed.success) throw new SchoolDirectoryError('Antwort hat nicht die erwartete Form');
      const seen = new Set<string>();
      const schools: DirectorySchool[] = [];
      for (const s of parsed.data) {
        const name = s.name?.trim();
        if (!name || seen.has(s.id)) continue;
        seen.add(s.id);
        schools.push({ id: s.id, name, city: s.city?.trim() || null });
      }
      return schools;
    },
  };
}
