import { USER_ROLES, type UserRole } from '@app/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userRoles } from '../../db/schema';

// Roles live in the app's database (ARCHITECTURE.md §4); the access token's `user_role` claim is read from
// here when a token is issued, so a change takes effect with the user's next token refresh.

export async function rolesOf(db: Executor, userId: string): Promise<UserRole[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, userId));
  return rows.map((r) => r.role).sort();
}

export async function rolesByUser(db: Executor, userIds: string[]): Promise<Map<string, UserRole[]>> {
  const result = new Map<string, UserRole[]>();
  if (userIds.length === 0) return result;
  const rows = await db.select().from(userRoles).where(inArray(userRoles.user_id, userIds));
  for (const row of rows) result.set(row.user_id, [...(result.get(row.user_id) ?? []), row.role].sort());
  return result;
}

/** Idempotent: granting a role the user has is not an error. */
export async function grantRole(
  db: Executor,
  userId: string,
  role: UserRole,
  grantedBy: string | null,
): Promise<void> {
  await db.insert(userRoles).values({ user_id: userId, role, granted_by: grantedBy }).onConflictDoNothing();
}

/** Returns whether the user had the role. */
export async function revokeRole(db: Executor, userId: string, role: UserRole): Promise<boolean> {
  const removed = await db
    .delete(userRoles)
    .where(and(eq(userRoles.user_id, userId), eq(userRoles.role, role)))
    .returning({ user_id: userRoles.user_id });
  return removed.length > 0;
}

/** The claim value: organization_member wins over teacher. */
export function claimRole(roles: UserRole[]): UserRole | null {
  if (roles.includes('organization_member')) return 'organization_member';
  return roles.includes('teacher') ? 'teacher' : null;
}

const ROLE_DESCRIPTIONS: Record<UserRole, { description: string; permissions: string[] }> = {
  teacher: {
    description: 'Lehrkraft: verwaltet eigene Fächer, Klassen, Schüler, Aufgaben und Bewertungen.',
    permissions: [
      'Eigene Fächer, Klassen und Aufgaben anlegen, ändern und löschen',
      'Schülerkonten in eigenen Klassen anlegen und deren Passwörter zurücksetzen',
      'Abgaben der eigenen Aufgaben sehen, zuordnen und bewerten',
      'KI-Vorschläge für Rubriken und Feedback anfordern (verbraucht Coins)',
    ],
  },
  organization_member: {
    description:
      'Organisationsmitglied: verwaltet Nutzerkonten und Rollen; sieht keine Schülerdaten anderer Lehrkräfte.',
    permissions: [
      'Alles, was eine Lehrkraft mit eigenen Daten darf',
      'Nutzerkonten auflisten und löschen',
      'Rollen vergeben und entziehen',
      'E-Mails zum Zurücksetzen des Passworts senden',
    ],
  },
};

/** Every role with its description (`/api/admin/getAllRoles`). */
export const roleCatalog = () =>
  USER_ROLES.map((role) => ({ role, description: ROLE_DESCRIPTIONS[role].description }));

/** Every role with what it permits (`/api/admin/getAllPermissions`). */
export const permissionCatalog = () =>
  USER_ROLES.map((role) => ({ role, permissions: ROLE_DESCRIPTIONS[role].permissions }));
