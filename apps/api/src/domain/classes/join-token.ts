import { JOIN_TOKEN_ALPHABET, JOIN_TOKEN_LENGTH, normalizeJoinToken } from '@app/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Executor } from '../../db/client';
import { isPgError, PgErrorCode } from '../../db/errors';
import { classes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { accessible, type Verb } from '../access';
import { actorId, type Ctx } from '../context';

/**
 * A fresh class join token (ADR 006): JOIN_TOKEN_LENGTH characters drawn uniformly (crypto randomInt) from
 * the contract's unambiguous alphabet: 31^10 ≈ 8·10^14 values, not guessable at the API's rate limits.
 */
export function newJoinToken(): string {
  let token = '';
  for (let i = 0; i < JOIN_TOKEN_LENGTH; i++)
    token += JOIN_TOKEN_ALPHABET[randomInt(JOIN_TOKEN_ALPHABET.length)];
  return token;
}

/** Inserts with a fresh join token, retrying on the (astronomically unlikely) token collision. */
export async function insertWithToken<T>(run: (token: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run(newJoinToken());
    } catch (err) {
      if (attempt < 3 && isPgError(err, PgErrorCode.uniqueViolation, 'classes_join_token_unique')) continue;
      throw err;
    }
  }
}

export async function getJoinToken(ctx: Ctx, id: string): Promise<string> {
  const [row] = await ctx.db
    .select({ join_token: classes.join_token })
    .from(classes)
    .where(and(eq(classes.id, id), accessible.classes('view', actorId(ctx))));
  if (!row) throw new AppError('CLASS_NOT_FOUND');
  return row.join_token;
}

/** Replaces the join token: the old one stops working at once. The class's updated_at stays. */
export async function rotateJoinToken(ctx: Ctx, id: string): Promise<string> {
  const managed = and(eq(classes.id, id), accessible.classes('manage', actorId(ctx)));
  const rows = await insertWithToken((join_token) =>
    ctx.db
      .update(classes)
      // Not a change of the class itself: keep updated_at (and so the list order) as it is.
      .set({ join_token, updated_at: sql`${classes.updated_at}` })
      .where(managed)
      .returning({ join_token: classes.join_token }),
  );
  const row = rows[0];
  if (!row) throw new AppError('CLASS_NOT_FOUND');
  return row.join_token;
}

/**
 * The class with this token the viewer may use for `verb`, or undefined. Matches the token as stored and as typed by hand (case,
 * spaces and dashes ignored), so a code read from the projector works too.
 */
export async function findClassByToken(
  db: Executor,
  viewer: string,
  verb: Verb,
  token: string,
): Promise<string | undefined> {
  const candidates = [...new Set([token.trim(), normalizeJoinToken(token)])].filter(Boolean);
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        accessible.classes(verb, viewer),
        candidates.length === 1
          ? eq(classes.join_token, candidates[0]!)
          : inArray(classes.join_token, candidates),
      ),
    )
    .limit(1);
  return row?.id;
}
