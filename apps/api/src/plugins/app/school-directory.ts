import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSchoolDirectoryClient, type SchoolDirectoryClient } from '../../lib/school-directory';

/** The public school directory and the refreshes of its cache this process runs (domain/schools). */
export interface SchoolDirectory {
  client: SchoolDirectoryClient;
  /** The directory's origin (no path, no credentials): the UI credits it as the data source. */
  source: string;
  /** The running refresh per federal state: a second request joins it instead of fetching again. */
  refreshes: Map<string, Promise<boolean>>;
  /** Aborted when the app closes: running fetches stop instead of holding up the shutdown. */
  closing: AbortSignal;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when SCHOOL_DIRECTORY_URL is unset: no school suggestions, the UI offers free text. */
    schoolDirectory: SchoolDirectory | null;
  }
}

/** Decorates `app.schoolDirectory`; closing the app stops the refreshes still running in the background. */
export default fp(
  async function schoolDirectory(app: FastifyInstance) {
    const url = app.config.SCHOOL_DIRECTORY_URL;
    const closing = new AbortController();
    const directory: SchoolDirectory | null = url
      ? {
          client: createSchoolDirectoryClient(url),
          source: new URL(url).origin,
          refreshes: new Map(),
          closing: closing.signal,
        }
      : null;
    app.decorate('schoolDirectory', directory);
    if (!directory) return;
    // Before the database closes (its onClose hook): a refresh still running stops and finishes its writes.
    app.addHook('preClose', async () => {
      closing.abort();
      await Promise.allSettled([...directory.refreshes.values()]);
    });
  },
  { name: 'school-directory', dependencies: ['config', 'db'] },
);
