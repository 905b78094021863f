/**
 * Search params of the routes. `validateSearch` stays in the entry chunk that every page loads (the public
 * submit page too), so these are plain functions, not zod schemas.
 */

/**
 * An optional text value of the query string. The router JSON-parses query values, so `?token=2345678923`
 * arrives as a number: it is taken back as text. Anything unusable is dropped.
 */
export function searchText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}
