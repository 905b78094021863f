import { buildApp } from './app';
import { BACKUP_HELP, runBackupCommand } from './cli/backup';
import { COMMANDS_HELP, isDataCommand, runCommand, type CommandResult } from './cli/commands';
import { sendControlCommand } from './cli/control-protocol';
import { runStorageCommand, STORAGE_HELP } from './cli/storage';
import { createDatabase, DatabaseLockedError } from './db/client';
import { systemContext } from './domain/context';
import { EnvError, loadEnv, type Env } from './env';

// `pnpm cli <command>`: operator tasks. Commands on users and roles run against the database directly, or,
// when a running server holds the embedded database, are handed to that server over DATA_DIR/control.sock.

const HELP = `Verwendung: pnpm cli <Befehl>

Befehle:
${COMMANDS_HELP}
${STORAGE_HELP}
${BACKUP_HELP}
  migrate                                             Datenbank-Migrationen ausführen
  check-env                                           Konfiguration prüfen (Geheimnisse verdeckt)
  help                                                Diese Hilfe
`;

const SECRET = /KEY|SECRET|TOKEN|PASSWORD|DATABASE_URL|SMTP_URL/;

/** Runs a data command in-process: builds the app without listening (same auth backend, same checks). */
async function runDirect(env: Env, argv: string[]): Promise<CommandResult> {
  const app = await buildApp({ ...env, DEMO: false, LOG_LEVEL: 'warn' }, { controlSocket: false });
  try {
    await app.ready();
    return await runCommand(argv, {
      db: app.db,
      authAdmin: app.authAdmin,
      system: () => systemContext(app, app.log),
      // The app is built with DEMO off (no seeding at its start); the operator's setting decides.
      demo: env.DEMO && !env.SUPABASE_URL,
    });
  } finally {
    await app.close();
  }
}

async function runDataCommand(env: Env, argv: string[]): Promise<CommandResult> {
  if (env.DATABASE_URL) return runDirect(env, argv);
  try {
    return await runDirect(env, argv);
  } catch (err) {
    if (
      !(err instanceof DatabaseLockedError) &&
      !(err instanceof Error && err.cause instanceof DatabaseLockedError)
    ) {
      throw err;
    }
    try {
      return await sendControlCommand(env.DATA_DIR, argv);
    } catch {
      throw new Error(
        `${(err instanceof DatabaseLockedError ? err : (err.cause as DatabaseLockedError)).message}\n` +
          `Der laufende Server nimmt keine Befehle an (${env.DATA_DIR}/control.sock fehlt). ` +
          `Nutze die Admin-Seite /admin/users oder stoppe den Server und versuche es erneut.`,
      );
    }
  }
}

async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command === undefined || command === 'help' || command === '--help') {
    process.stdout.write(HELP);
    return 0;
  }
  const env = loadEnv();
  if (isDataCommand(argv)) {
    const result = await runDataCommand(env, argv);
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    return result.code;
  }
  switch (command) {
    case 'migrate': {
      const database = await createDatabase(env);
      try {
        await database.migrate();
        process.stdout.write(`Migrationen ausgeführt (${database.driver}).\n`);
      } finally {
        await database.close();
      }
      return 0;
    }
    case 'storage':
      return runStorageCommand(argv, env, {
        stdout: (s) => process.stdout.write(s),
        stderr: (s) => process.stderr.write(s),
      });
    case 'backup':
    case 'restore':
      return runBackupCommand(argv, env, {
        stdout: (s) => process.stdout.write(s),
        stderr: (s) => process.stderr.write(s),
      });
    case 'check-env': {
      for (const [key, value] of Object.entries(env)) {
        const shown =
          value === undefined ? '(nicht gesetzt)' : SECRET.test(key) ? '[gesetzt]' : String(value);
        process.stdout.write(`${key}=${shown}\n`);
      }
      return 0;
    }
    default:
      process.stderr.write(`Unbekannter Befehl: ${command}\n\n${HELP}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof EnvError || err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
