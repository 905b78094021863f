import type { UserRole } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { grantRole } from './roles';

/**
 * Demo accounts (DESIGN.md §4, `DEMO=1`, the default): known passwords, printed at start, so that someone
 * trying the product can sign in at once. Operators of a real school set DEMO=0.
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
export async function seedDemo(app: FastifyInstance): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const user =
      (await app.authAdmin.getUserByEmail(account.email)) ??
      (await app.authAdmin.createUser({
        email: account.email,
        password: account.password,
        userMetadata: { registration_completed: true, profile_setup_done: true, has_password: true },
      }));
    await grantRole(app.db, user.id, account.role, null);
  }
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.label}: ${a.email} / ${a.password}`).join('\n');
  app.log.info(`Demo-Zugänge (DEMO=0 schaltet sie ab):\n${lines}`);
}

/** Seeds the demo accounts at start when DEMO is on and the built-in auth holds the users. */
export default fp(
  async function demo(app: FastifyInstance) {
    if (!app.config.DEMO || app.config.SUPABASE_URL) return;
    app.addHook('onReady', () => seedDemo(app));
  },
  { name: 'demo', dependencies: ['db'] },
);
