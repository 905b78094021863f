// Drizzle wraps driver errors in DrizzleQueryError (the Postgres error is its `cause`); PGlite and
// node-postgres both report SQLSTATE `code` and `constraint` on that cause. Services use these helpers to
// turn constraint violations into AppErrors (e.g. 23503 on classes_subject_id_subjects_id_fk → SUBJECT_IN_USE).

export const PgErrorCode = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  checkViolation: '23514',
  notNullViolation: '23502',
  /** A NUL in a text value ("invalid byte sequence for encoding UTF8: 0x00"). */
  characterNotInRepertoire: '22021',
  /** A `\u0000` in a jsonb value. */
  untranslatableCharacter: '22P05',
} as const;

export interface PgErrorInfo {
  /** SQLSTATE, e.g. '23503'. */
  code: string;
  /** Name of the violated constraint or index, when Postgres names one. */
  constraint: string | undefined;
}

/** The Postgres error inside `err` (following `cause`), or undefined if it is not one. */
export function pgError(err: unknown): PgErrorInfo | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Object && depth < 5; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when `err` is a Postgres error with this SQLSTATE (and, if given, this constraint). */
export function isPgError(err: unknown, code: string, constraint?: string): boolean {
  const info = pgError(err);
  return (
    info !== undefined && info.code === code && (constraint === undefined || info.constraint === constraint)
  );
}
