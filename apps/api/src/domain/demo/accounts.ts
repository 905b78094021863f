import { DEMO_EMAILS, type UserRole } from '@app/contract';
import { eq } from 'drizzle-orm';
import { userProfile } from '../../db/schema';
import { grantRole } from '../accounts/roles';
import type { Ctx } from '../context';
import { saveProfile } from '../profiles';
import { DEMO_ADMIN_PROFILE } from './content';

/**
 * Demo accounts (ARCHITECTURE.md §4, `DEMO=1`, the default): known passwords, printed at start, so that
 * someone trying the product can sign in at once. Operators of a real school set DEMO=0.
 */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  password: string;
  role: UserRole;
  label: string;
}> = [
  {
    email: DEMO_EMAILS.teacher,
    password: 'DemoLehrkraft2026',
    role: 'teacher',
    label: 'Demo-Lehrkraft',
  },
  {
    email: DEMO_EMAILS.organizationMember,
    password: 'DemoVerwaltung2026',
    role: 'organization_member',
    label: 'Demo-Organisationsmitglied',
  },
];

export const DEMO_TEACHER = DEMO_ACCOUNTS[0]!;

/**
 * Creates the demo accounts that are missing and makes sure they have their roles; returns the demo teacher's
 * user id. Idempotent.
 */
export async function ensureDemoAccounts(ctx: Ctx): Promise<string> {
  const { authAdmin } = ctx.services;
  let teacherId = '';
  for (const account of DEMO_ACCOUNTS) {
    const user =
      (await authAdmin.getUserByEmail(account.email)) ??
      (await authAdmin.createUser({
        email: account.email,
        password: account.password,
        userMetadata: { registration_completed: true, profile_setup_done: true, has_password: true },
      }));
    await grantRole(ctx.db, user.id, account.role, null);
    if (account === DEMO_TEACHER) teacherId = user.id;
    // The teacher's profile comes with the demo content (seed.ts); the other account needs its own, or the
    // registration dialog would greet every visitor.
    else if ((await ctx.db.select().from(userProfile).where(eq(userProfile.user_id, user.id))).length === 0)
      await saveProfile(
        { ...ctx, actor: { kind: 'user', id: user.id, role: account.role } },
        {
          meta_data: DEMO_ADMIN_PROFILE,
        },
      );
  }
  return teacherId;
}

/**
 * The logins, printed at start, one log line each: readable on a terminal and as JSON (where a line break in
 * a message would be an escape). The e2e tests read them from the log.
 */
export function logDemoAccounts(ctx: Ctx): void {
  for (const a of DEMO_ACCOUNTS)
    ctx.log.info(`Demo-Zugang (DEMO=0 schaltet ihn ab) – ${a.label}: ${a.email} / ${a.password}`);
}
