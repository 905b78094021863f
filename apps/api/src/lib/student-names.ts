import { ZProfileMetaData, type StudentName } from '@app/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { classUser, userProfile } from '../db/schema';
import type { ProfileCipher } from './profile-crypto';

// Names of students from their encrypted profiles (ARCHITECTURE.md §5). A profile that cannot be read (no
// profile, or one written with another key) gives empty names rather than an error.

const NO_NAME: StudentName = { first_name: '', last_name: '' };

export function decryptName(cipher: ProfileCipher, userId: string, metaData: string | null): StudentName {
  if (!metaData) return NO_NAME;
  try {
    const parsed = ZProfileMetaData.safeParse(JSON.parse(cipher.decrypt(metaData, userId)));
    if (parsed.success) return { first_name: parsed.data.first_name, last_name: parsed.data.last_name };
  } catch {
    // Unreadable: no name.
  }
  return NO_NAME;
}

/** „Vorname Nachname“ of a name as stored; empty when there is none. */
export const fullName = (name: StudentName | undefined): string =>
  name ? `${name.first_name} ${name.last_name}`.trim() : '';

/** The names of these users (every id gets an entry). */
export async function namesOf(
  db: Executor,
  cipher: ProfileCipher,
  userIds: readonly string[],
): Promise<Map<string, StudentName>> {
  const names = new Map<string, StudentName>(userIds.map((id) => [id, NO_NAME]));
  if (userIds.length === 0) return names;
  const rows = await db
    .select({ user_id: userProfile.user_id, meta_data: userProfile.meta_data })
    .from(userProfile)
    .where(inArray(userProfile.user_id, [...new Set(userIds)]));
  for (const row of rows) names.set(row.user_id, decryptName(cipher, row.user_id, row.meta_data));
  return names;
}

/** The members of a class with their names. */
export async function classMembers(
  db: Executor,
  cipher: ProfileCipher,
  classId: string,
): Promise<Array<StudentName & { id: string }>> {
  const rows = await db
    .select({ user_id: classUser.user_id, meta_data: userProfile.meta_data })
    .from(classUser)
    .leftJoin(userProfile, eq(userProfile.user_id, classUser.user_id))
    .where(eq(classUser.class_id, classId));
  return rows.map((row) => ({ id: row.user_id, ...decryptName(cipher, row.user_id, row.meta_data) }));
}

const collator = new Intl.Collator('de', { sensitivity: 'base' });

/** Last name, then first name, German collation. */
export function byName(a: StudentName, b: StudentName): number {
  return collator.compare(a.last_name, b.last_name) || collator.compare(a.first_name, b.first_name);
}

/** German collation of plain strings. */
export const compareGerman = (a: string, b: string) => collator.compare(a, b);
