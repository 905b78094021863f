import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const ISO_FORMAT = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/**
 * A timestamptz column as the API's ISO 8601 string (`2026-03-01T08:00:00.000Z`, what `Date#toISOString()`
 * gives), formatted by the database: list endpoints then skip parsing a Date per cell and formatting it back.
 */
export function isoTimestamp(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', ${ISO_FORMAT})`;
}

/** The same for a nullable column: null stays null. */
export function isoTimestampOrNull(column: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`to_char(${column} at time zone 'UTC', ${ISO_FORMAT})`;
}
