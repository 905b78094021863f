import { isPermittedRole } from '@app/contract';
import type { Database } from '../db/client';
import { grantRole, revokeRole, rolesByUser } from '../domain/accounts/roles';
import type { AuthAdmin } from '../auth/types';
import type { Ctx } from '../domain/context';
import { resetDemo } from '../domain/demo';
import { NoPreviousKeyError, rotateProfileKey } from '../domain/profiles/key-rotation';

// Operator commands that need the database and the auth backend. The CLI runs them directly, or, when a
// running server holds the embedded database, the server runs them for it (plugins/app/control.ts).

export interface CommandContext {
  db: Database;
  authAdmin: AuthAdmin;
  /** A system context of the app running the command (for operations that need more than the above). */
  system: () => Ctx;
  /** DEMO=1 and the built-in auth: the demo exists and may be reset. */
  demo: boolean;
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export const COMMANDS_HELP = `  role grant <E-Mail> <teacher|organization_member>   Rolle vergeben
  role revoke <E-Mail> <teacher|organization_member>  Rolle entziehen
  user list                                           Nutzer mit Rollen auflisten
  demo reset                                          Demo-Inhalte zurücksetzen (nur mit DEMO=1)
  profile-key rotate                                  Profile mit dem neuen Profilschlüssel verschlüsseln`;

const ok = (stdout: string): CommandResult => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string, code = 1): CommandResult => ({ code, stdout: '', stderr });

/** True for the commands this module runs (the rest are the CLI's own). */
export function isDataCommand(argv: string[]): boolean {
  return argv[0] === 'role' || argv[0] === 'user' || argv[0] === 'demo' || argv[0] === 'profile-key';
}

export async function runCommand(argv: string[], ctx: CommandContext): Promise<CommandResult> {
  const [group, action, ...rest] = argv;
  if (group === 'role' && (action === 'grant' || action === 'revoke')) {
    const [email, role] = rest;
    if (!email || !role || rest.length !== 2)
      return fail(`Verwendung: pnpm cli role ${action} <E-Mail> <Rolle>\n`, 2);
    if (!isPermittedRole(role))
      return fail(`Unbekannte Rolle "${role}". Erlaubt: teacher, organization_member\n`, 2);
    const user = await ctx.authAdmin.getUserByEmail(email);
    if (!user) return fail(`Kein Nutzer mit der E-Mail-Adresse ${email} gefunden.\n`);
    if (action === 'grant') {
      await grantRole(ctx.db, user.id, role, null);
      return ok(
        `Rolle ${role} an ${user.email} vergeben. Sie gilt ab der nächsten Anmeldung oder Token-Erneuerung.\n`,
      );
    }
    const had = await revokeRole(ctx.db, user.id, role);
    return ok(
      had ? `Rolle ${role} von ${user.email} entfernt.\n` : `${user.email} hatte die Rolle ${role} nicht.\n`,
    );
  }
  if (group === 'user' && action === 'list' && rest.length === 0) {
    const users = await ctx.authAdmin.listUsers();
    const roles = await rolesByUser(
      ctx.db,
      users.map((u) => u.id),
    );
    if (users.length === 0) return ok('Keine Nutzer.\n');
    const lines = users.map((u) => {
      const confirmed = u.emailConfirmedAt ? 'bestätigt' : 'unbestätigt';
      return `${u.email}\t${(roles.get(u.id) ?? []).join(',') || '-'}\t${confirmed}\t${u.id}`;
    });
    return ok(`E-Mail\tRollen\tStatus\tID\n${lines.join('\n')}\n`);
  }
  if (group === 'demo' && action === 'reset' && rest.length === 0) {
    if (!ctx.demo)
      return fail('Die Demo ist ausgeschaltet (DEMO=0 oder externe Anmeldung über SUPABASE_URL).\n');
    const started = performance.now();
    await resetDemo(ctx.system());
    return ok(`Demo zurückgesetzt (${Math.round(performance.now() - started)} ms).\n`);
  }
  if (group === 'profile-key' && action === 'rotate' && rest.length === 0) {
    let result;
    try {
      result = await rotateProfileKey(ctx.db, ctx.system().services.config);
    } catch (err) {
      if (err instanceof NoPreviousKeyError) return fail(`${err.message}\n`, 2);
      throw err;
    }
    const summary =
      `${result.rotated} Profile mit PROFILE_ENCRYPTION_KEY neu verschlüsselt, ` +
      `${result.current} waren es schon.\n`;
    if (result.unreadable.length === 0)
      return ok(`${summary}PROFILE_ENCRYPTION_KEY_PREVIOUS wird nicht mehr gebraucht.\n`);
    return {
      code: 1,
      stdout: summary,
      stderr:
        `${result.unreadable.length} Profile ließen sich mit keinem der beiden Schlüssel lesen und bleiben, ` +
        `wie sie sind (Nutzer: ${result.unreadable.join(', ')}). Ihre Namen zeigt die App leer an.\n`,
    };
  }
  return fail(`Unbekannter Befehl: ${argv.join(' ')}\n`, 2);
}
