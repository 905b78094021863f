import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The server's cache of the public school directory, per federal state (ARCHITECTURE.md §4): when the
 * state's schools were last fetched, and since when a refresh runs (the claim that keeps two processes from
 * refreshing one state at once; an old claim is taken over).
 */
export const schoolDirectoryStates = pgTable('school_directory_states', {
  state: text().primaryKey(),
  fetched_at: timestamp({ withTimezone: true }),
  refresh_started_at: timestamp({ withTimezone: true }),
});

/**
 * The schools of a state as the directory sent them at `fetched_at`. Ids of some states change between
 * fetches, so name and city are kept with the id. `search_text` is name and city folded for searching
 * (domain/schools/search.ts).
 */
export const schoolDirectorySchools = pgTable(
  'school_directory_schools',
  {
    state: text().notNull(),
    id: text().notNull(),
    name: text().notNull(),
    city: text(),
    search_text: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.state, t.id] }),
    check('school_directory_schools_state_len', sql`length(${t.state}) = 2`),
  ],
);
