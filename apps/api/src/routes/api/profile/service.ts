import { ZProfileMetaData, type Profile, type ProfileMetaData } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { userProfile } from '../../../db/schema';
import { iso } from '../../../lib/dates';
import type { ProfileCipher } from '../../../lib/profile-crypto';

// The signed-in user's own profile (spec §3 user_profile). meta_data is stored as AES-256-GCM ciphertext
// bound to the user id (DESIGN §5); the API decrypts it only for that user (or for their teacher's
// class list, classes/service.ts).

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

export async function getProfile(
  db: Executor,
  cipher: ProfileCipher,
  userId: string,
): Promise<Profile | null> {
  const [row] = await db.select().from(userProfile).where(eq(userProfile.user_id, userId));
  return row ? toProfile(cipher, row) : null;
}

/** Creates the profile or replaces its meta_data (spec §4: "creates the profile if absent, otherwise updates"). */
export async function saveProfile(
  db: Executor,
  cipher: ProfileCipher,
  userId: string,
  metaData: ProfileMetaData,
): Promise<Profile> {
  const meta_data = cipher.encrypt(JSON.stringify(metaData), userId);
  const [row] = await db
    .insert(userProfile)
    .values({ user_id: userId, meta_data, created_by: userId })
    .onConflictDoUpdate({ target: userProfile.user_id, set: { meta_data, updated_at: sql`now()` } })
    .returning();
  return toProfile(cipher, row!);
}
