import { z } from 'zod';

/**
 * An optional text value of the query string. The router JSON-parses query values, so `?token=2345678923`
 * arrives as a number: it is taken back as text. Anything unusable is dropped.
 */
export const zSearchText = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => String(value))
  .optional()
  .catch(undefined);
