import { ZProfileMetaData, type Profile, type ProfileMetaData } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { userProfile } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import type { ProfileCipher } from '../../lib/profile-crypto';
import { actorId, cipherOf, type Ctx } from '../context';

// The signed-in user's own profile (PRODUCT.md §3 user_profile). meta_data is stored as AES-256-GCM
// ciphertext bound to the user id (ARCHITECTURE.md §5); the API decrypts it only for that user (or for their
// teacher's class list, domain/classes/members.ts).

type ProfileRow = typeof userProfile.$inferSelect;

function toProfile(cipher: ProfileCipher, row: ProfileRow): Profile {
  return {
    id: row.id,
    user_id: row.user_id,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    meta_data: ZProfileMetaData.parse(JSON.parse(cipher.decrypt(row.meta_data, row.user_id))),
  };
}

/** The actor's profile, decrypted; null while there is none. */
export async function getProfile(ctx: Ctx): Promise<Profile | null> {
  const [row] = await ctx.db
    .select()
    .from(userProfile)
    .where(eq(userProfile.user_id, actorId(ctx)));
  return row ? toProfile(cipherOf(ctx), row) : null;
}

/**
 * Creates the actor's profile or replaces its meta_data (PRODUCT.md §4: "creates the profile if absent,
 * otherwise updates"). A `userId` of someone else is refused: nobody writes another user's profile here.
 */
export async function saveProfile(
  ctx: Ctx,
  input: { user_id?: string; meta_data: ProfileMetaData },
): Promise<Profile> {
  const userId = actorId(ctx);
  if (input.user_id !== undefined && input.user_id !== userId) throw new AppError('PROFILE_FOR_OTHER_USER');
  const cipher = cipherOf(ctx);
  const meta_data = cipher.encrypt(JSON.stringify(input.meta_data), userId);
  const [row] = await ctx.db
    .insert(userProfile)
    .values({ user_id: userId, meta_data, created_by: userId })
    .onConflictDoUpdate({ target: userProfile.user_id, set: { meta_data, updated_at: sql`now()` } })
    .returning();
  return toProfile(cipher, row!);
}

/** `/api/encrypt`: a text encrypted for the actor (the user id is the associated data). */
export function encryptForActor(ctx: Ctx, text: string): string {
  return cipherOf(ctx).encrypt(text, actorId(ctx));
}

/** `/api/decrypt`: only what was encrypted for the actor (400 DECRYPT_FAILED otherwise). */
export function decryptForActor(ctx: Ctx, encryptedText: string): string {
  return cipherOf(ctx).decrypt(encryptedText, actorId(ctx));
}
