/** Timestamps leave the API as ISO 8601 strings (contract ZTimestamp). */
export const iso = (date: Date): string => date.toISOString();

/** Same, for nullable columns. */
export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
