import type { AdminUser, AuthAdmin } from '../auth/types';
import type { LocalAuthService } from './service';
import { findUserByEmail, findUserById, type UserRow } from './users';

// The app's AuthAdmin (src/auth/types.ts) served straight from the built-in auth's tables: no HTTP, no
// service-role token. Errors are LocalAuthError (`status`, `code` like supabase-js' AuthApiError), e.g.
// createUser with a taken address → code 'email_exists', a password against the rules → 'weak_password'.

function toAdminUser(user: UserRow): AdminUser {
  return {
    id: user.id,
    email: user.email,
    emailConfirmedAt: user.email_confirmed_at?.toISOString() ?? null,
    createdAt: user.created_at.toISOString(),
    lastSignInAt: user.last_sign_in_at?.toISOString() ?? null,
    userMetadata: user.raw_user_meta_data,
  };
}

export function createLocalAuthAdmin(service: LocalAuthService): AuthAdmin {
  const db = service.database;
  return {
    async listUsers() {
      return (await service.allUsers()).map(toAdminUser);
    },
    async getUserById(id) {
      const user = await findUserById(db, id);
      return user ? toAdminUser(user) : null;
    },
    async getUserByEmail(email) {
      const user = await findUserByEmail(db, email);
      return user ? toAdminUser(user) : null;
    },
    async createUser({ email, password, userMetadata }) {
      const user = await service.adminCreateUser({
        email,
        password,
        email_confirm: true,
        user_metadata: userMetadata ?? {},
      });
      return toAdminUser(user);
    },
    async updatePassword(id, password) {
      await service.adminUpdateUser(id, { password });
    },
    async deleteUser(id) {
      await service.adminDeleteUser(id, false);
    },
    async sendPasswordReset(email) {
      await service.recover({ email }, undefined);
    },
  };
}
