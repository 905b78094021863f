import type { UserRole } from '@app/contract';

/** The signed-in caller, taken from a verified access token (plugins/app/auth.ts). */
export interface AuthUser {
  id: string;
  email: string | null;
  /** From the token's `user_role` claim; null = no permitted role (waitlist). */
  role: UserRole | null;
  sessionId: string | null;
}

/** Who may call a route. Declared per subtree (routes/index.ts); `teacher` admits organization_member too. */
export type AccessLevel = 'public' | 'authenticated' | 'teacher' | 'organization_member';

/** A user as the admin side of the product sees it, whichever auth backend holds it. */
export interface AdminUser {
  id: string;
  email: string;
  emailConfirmedAt: string | null;
  createdAt: string;
  lastSignInAt: string | null;
  userMetadata: Record<string, unknown>;
}

/**
 * What the product needs from the auth backend's admin API. The built-in auth (local-auth/) implements it
 * directly; with SUPABASE_URL set it goes to the project's admin API with the service-role key.
 */
export interface AuthAdmin {
  listUsers(): Promise<AdminUser[]>;
  getUserById(id: string): Promise<AdminUser | null>;
  getUserByEmail(email: string): Promise<AdminUser | null>;
  /** Creates a confirmed user (students, demo accounts); without a password nobody can sign in as them yet. */
  createUser(input: {
    email: string;
    password?: string;
    userMetadata?: Record<string, unknown>;
  }): Promise<AdminUser>;
  updatePassword(id: string, password: string): Promise<void>;
  deleteUser(id: string): Promise<void>;
  /** Sends the password-reset mail (no error when the address is unknown: no user enumeration). */
  sendPasswordReset(email: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Admin side of the auth backend: local-auth in embedded mode, the Supabase admin API otherwise. */
    authAdmin: AuthAdmin;
  }
  interface FastifyRequest {
    /** null on public routes without a token. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Set by the subtree a route is registered in; read by the auth hook. */
    access?: AccessLevel;
  }
}
