// Small helpers the paint benches share for their printed figures.

/** The median of the known values; null when none is known. */
export const median = (values: Array<number | null>): number | null => {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid]! : (known[mid - 1]! + known[mid]!) / 2;
};

/** "812 ms", or "n/a" for an unknown value. */
export const ms = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(0)} ms`);
