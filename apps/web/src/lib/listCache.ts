/**
 * Pure helpers for optimistic changes of cached lists (PRODUCT.md §4: remove or add locally first, put back
 * when the server says no). Each returns a new array and leaves `undefined` (nothing cached yet) alone; the
 * rollbacks touch only the row concerned, so two changes in flight do not undo each other.
 */

interface Row {
  id: string;
}

/** The list without the row `id`, and where it stood (-1 when it was not there). */
export function withoutRow<T extends Row>(
  list: T[] | undefined,
  id: string,
): { list: T[] | undefined; index: number; row: T | undefined } {
  if (!list) return { list, index: -1, row: undefined };
  const index = list.findIndex((entry) => entry.id === id);
  if (index < 0) return { list, index, row: undefined };
  return { list: list.filter((entry) => entry.id !== id), index, row: list[index] };
}

/** Puts `row` back at `index` (clamped), unless a row with its id is already there. */
export function withRowAt<T extends Row>(list: T[] | undefined, row: T, index: number): T[] | undefined {
  if (!list || list.some((entry) => entry.id === row.id)) return list;
  const at = Math.max(0, Math.min(index < 0 ? 0 : index, list.length));
  return [...list.slice(0, at), row, ...list.slice(at)];
}

/** Replaces the row `id` with `row` (appends nothing when it is missing). */
export function withRowReplaced<T extends Row>(list: T[] | undefined, id: string, row: T): T[] | undefined {
  return list?.map((entry) => (entry.id === id ? row : entry));
}

/** Applies `changes` to the row `id`. */
export function withRowPatched<T extends Row>(
  list: T[] | undefined,
  id: string,
  changes: Partial<T>,
): T[] | undefined {
  return list?.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry));
}
