import { eq, isNull, lt, or, sql } from 'drizzle-orm';
import { schoolDirectorySchools, schoolDirectoryStates } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { SCHOOL_DIRECTORY_TIMEOUT_MS } from '../../lib/school-directory';
import type { SchoolDirectory } from '../../plugins/app/school-directory';
import type { Ctx } from '../context';
import { searchTextOf } from './search';

/** A state's cached schools are fetched again when older than a week. */
export const SCHOOL_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A refresh's claim on its state lasts this long: another process neither starts a second refresh meanwhile
 * nor waits forever for one whose process died. A failed background refresh keeps its claim, so a directory
 * that is down is asked again only after this pause.
 */
const CLAIM_MS = SCHOOL_DIRECTORY_TIMEOUT_MS + 60_000;
const INSERT_CHUNK = 500;

/**
 * Makes sure the state's schools are in the cache: answers at once when they are (and starts a background
 * refresh when they are older than a week), otherwise fetches them and waits. Throws
 * SCHOOL_DIRECTORY_UNAVAILABLE only when the directory fails and nothing is cached.
 */
export async function ensureSchoolsCached(
  ctx: Ctx,
  directory: SchoolDirectory,
  state: string,
): Promise<void> {
  const [row] = await ctx.db
    .select({ fetched_at: schoolDirectoryStates.fetched_at })
    .from(schoolDirectoryStates)
    .where(eq(schoolDirectoryStates.state, state));
  if (row?.fetched_at) {
    if (Date.now() - row.fetched_at.getTime() > SCHOOL_CACHE_MAX_AGE_MS)
      void refreshState(ctx, directory, state, true);
    return;
  }
  if (!(await refreshState(ctx, directory, state, false))) throw new AppError('SCHOOL_DIRECTORY_UNAVAILABLE');
}

/** One refresh of a state per process: a running one is joined. Resolves true once the cache has schools. */
function refreshState(ctx: Ctx, directory: SchoolDirectory, state: string, background: boolean) {
  const running = directory.refreshes.get(state);
  if (running) return running;
  const refresh = runRefresh(ctx, directory, state, background).finally(() => {
    directory.refreshes.delete(state);
  });
  directory.refreshes.set(state, refresh);
  return refresh;
}

async function runRefresh(
  ctx: Ctx,
  directory: SchoolDirectory,
  state: string,
  background: boolean,
): Promise<boolean> {
  const log = ctx.log.child({ module: 'school-directory', state });
  try {
    if (!(await claim(ctx, state))) return background || (await waitForOtherProcess(ctx, state));
    let schools;
    try {
      schools = await directory.client.fetchState(state, directory.closing);
      if (schools.length === 0) throw new Error('keine Schulen in der Antwort');
    } catch (err) {
      log.warn({ err }, 'Schulverzeichnis nicht erreichbar');
      // Without a cache the next request may try again at once; with one, the claim is the pause.
      if (!background) await release(ctx, state);
      return false;
    }
    await ctx.db.transaction(async (tx) => {
      await tx.delete(schoolDirectorySchools).where(eq(schoolDirectorySchools.state, state));
      for (let i = 0; i < schools.length; i += INSERT_CHUNK) {
        await tx.insert(schoolDirectorySchools).values(
          schools.slice(i, i + INSERT_CHUNK).map((s) => ({
            state,
            id: s.id,
            name: s.name,
            city: s.city,
            search_text: searchTextOf(s.name, s.city),
          })),
        );
      }
      await tx
        .update(schoolDirectoryStates)
        .set({ fetched_at: sql`now()`, refresh_started_at: null })
        .where(eq(schoolDirectoryStates.state, state));
    });
    log.info({ schools: schools.length }, 'Schulverzeichnis aktualisiert');
    return true;
  } catch (err) {
    log.error({ err }, 'Schulverzeichnis konnte nicht gespeichert werden');
    return false;
  }
}

/** Takes the state's refresh claim unless another process holds a fresh one. */
async function claim(ctx: Ctx, state: string): Promise<boolean> {
  const expired = sql`now() - make_interval(secs => ${CLAIM_MS / 1000})`;
  const rows = await ctx.db
    .insert(schoolDirectoryStates)
    .values({ state, refresh_started_at: sql`now()` })
    .onConflictDoUpdate({
      target: schoolDirectoryStates.state,
      set: { refresh_started_at: sql`now()` },
      setWhere: or(
        isNull(schoolDirectoryStates.refresh_started_at),
        lt(schoolDirectoryStates.refresh_started_at, expired),
      ),
    })
    .returning({ state: schoolDirectoryStates.state });
  return rows.length > 0;
}

async function release(ctx: Ctx, state: string): Promise<void> {
  await ctx.db
    .update(schoolDirectoryStates)
    .set({ refresh_started_at: null })
    .where(eq(schoolDirectoryStates.state, state));
}

/** Another process fetches the state's first schools: waits until they are stored or it gave up. */
async function waitForOtherProcess(ctx: Ctx, state: string): Promise<boolean> {
  const deadline = Date.now() + CLAIM_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [row] = await ctx.db
      .select()
      .from(schoolDirectoryStates)
      .where(eq(schoolDirectoryStates.state, state));
    if (row?.fetched_at) return true;
    if (!row?.refresh_started_at) return false;
  }
  return false;
}
