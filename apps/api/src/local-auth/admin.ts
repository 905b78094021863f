import type { AdminUser, AuthAdmin } from '../auth/types';
import { adminCreateUser, adminDeleteUser, adminUpdateUser, allUsers } from './admin-users';
import type { LocalAuth } from './context';
import { recover } from './link-requests';
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

export function createLocalAuthAdmin(auth: LocalAuth): AuthAdmin {
  const { db } = auth;
  return {
    async listUsers() {
      return (await allUsers(auth)).map(toAdminUser);
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
      const user = await adminCreateUser(auth, {
        email,
        password,
        email_confirm: true,
        user_metadata: userMetadata ?? {},
      });
      return toAdminUser(user);
    },
    async updatePassword(id, password) {
      await adminUpdateUser(auth, id, { password });
    },
    async deleteUser(id) {
      await adminDeleteUser(auth, id, false);
    },
    async sendPasswordReset(email) {
      await recover(auth, { email }, undefined);
    },
  };
}
