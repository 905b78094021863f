import { USER_ROLES } from '@app/contract';
import { check, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { audit, createdAt, entityId, oneOf, userId } from './columns';

/** Profile of an auth user (PRODUCT.md §3). One per user. */
export const userProfile = pgTable('user_profile', {
  id: entityId(),
  user_id: userId().notNull().unique(),
  /** AES-256-GCM ciphertext (ARCHITECTURE.md §5) of { first_name, last_name, avatar_url, school }. */
  meta_data: text().notNull(),
  ...audit(),
});

/**
 * Roles granted to auth users (ARCHITECTURE.md §4: `pnpm cli role grant`, AUTO_ROLE, admin endpoints); the
 * token's `user_role` claim is read from here. Values: the contract's USER_ROLES (PRODUCT.md §3, §6).
 */
export const userRoles = pgTable(
  'user_roles',
  {
    user_id: userId().notNull(),
    role: text({ enum: USER_ROLES }).notNull(),
    /** Null when granted by the CLI or AUTO_ROLE rather than by a signed-in admin. */
    granted_by: userId(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.role] }),
    check('user_roles_role_check', oneOf(t.role, USER_ROLES)),
  ],
);
