import type { UserRole } from '@app/contract';
import type { Ctx } from '../context';
import { grantRole } from './roles';

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
    email: 'lehrkraft@demo.klassenzimmer.example',
    password: 'DemoLehrkraft2026',
    role: 'teacher',
    label: 'Demo-Lehrkraft',
  },
  {
    email: 'verwaltung@demo.klassenzimmer.example',
    password: 'DemoVerwaltung2026',
    role: 'organization_member',
    label: 'Demo-Organisationsmitglied',
  },
];

export const DEMO_TEACHER = DEMO_ACCOUNTS[0]!;

/** Creates the demo accounts that are missing and makes sure they have their roles. Idempotent. */
export async function seedDemo(ctx: Ctx): Promise<void> {
  const { authAdmin } = ctx.services;
  for (const account of DEMO_ACCOUNTS) {
    const user =
      (await authAdmin.getUserByEmail(account.email)) ??
      (await authAdmin.createUser({
        email: account.email,
        password: account.password,
        userMetadata: { registration_completed: true, profile_setup_done: true, has_password: true },
      }));
    await grantRole(ctx.db, user.id, account.role, null);
  }
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.label}: ${a.email} / ${a.password}`).join('\n');
  ctx.log.info(`Demo-Zugänge (DEMO=0 schaltet sie ab):\n${lines}`);
}
