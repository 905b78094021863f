import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userProfile } from '../../db/schema';
import type { Env } from '../../env';
import {
  createProfileCipher,
  loadPreviousProfileKey,
  loadProfileKey,
  type ProfileCipher,
} from '../../lib/profile-crypto';

// `pnpm cli profile-key rotate` (docs/OPERATIONS.md, key rotation): encrypts every profile that the previous
// key (PROFILE_ENCRYPTION_KEY_PREVIOUS) wrote again with the current one, so the previous key can go. Safe
// beside a running app and to run twice: a row is replaced only if it still holds the text that was read.

const BATCH = 500;

export interface KeyRotationResult {
  /** Encrypted again with the current key. */
  rotated: number;
  /** Already written with the current key. */
  current: number;
  /** Readable with neither key (user ids); left as they are. */
  unreadable: string[];
}

export class NoPreviousKeyError extends Error {
  constructor() {
    super('PROFILE_ENCRYPTION_KEY_PREVIOUS ist nicht gesetzt: es gibt keinen alten Schlüssel abzulösen.');
    this.name = 'NoPreviousKeyError';
  }
}

function readsWith(cipher: ProfileCipher, text: string, userId: string): string | null {
  try {
    return cipher.decrypt(text, userId);
  } catch {
    return null;
  }
}

export async function rotateProfileKey(
  db: Executor,
  env: Pick<Env, 'PROFILE_ENCRYPTION_KEY' | 'PROFILE_ENCRYPTION_KEY_PREVIOUS' | 'DATA_DIR'>,
): Promise<KeyRotationResult> {
  const previousKey = loadPreviousProfileKey(env);
  if (!previousKey) throw new NoPreviousKeyError();
  const current = createProfileCipher(loadProfileKey(env));
  const previous = createProfileCipher(previousKey);
  const result: KeyRotationResult = { rotated: 0, current: 0, unreadable: [] };
  let after = '';
  for (;;) {
    const rows = await db
      .select({ id: userProfile.id, user_id: userProfile.user_id, meta_data: userProfile.meta_data })
      .from(userProfile)
      .where(after ? gt(userProfile.id, after) : undefined)
      .orderBy(asc(userProfile.id))
      .limit(BATCH);
    for (const row of rows) {
      if (readsWith(current, row.meta_data, row.user_id) !== null) {
        result.current++;
        continue;
      }
      const plaintext = readsWith(previous, row.meta_data, row.user_id);
      if (plaintext === null) {
        result.unreadable.push(row.user_id);
        continue;
      }
      const updated = await db
        .update(userProfile)
        .set({ meta_data: current.encrypt(plaintext, row.user_id) })
        .where(and(eq(userProfile.id, row.id), eq(userProfile.meta_data, row.meta_data)))
        .returning({ id: userProfile.id });
      // Not replaced: the app saved the profile meanwhile, with the current key.
      if (updated.length > 0) result.rotated++;
      else result.current++;
    }
    if (rows.length < BATCH) return result;
    after = rows.at(-1)!.id;
  }
}
