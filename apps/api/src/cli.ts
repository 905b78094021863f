import { createDatabase } from './db/client';
import { EnvError, loadEnv } from './env';

// `pnpm cli <command>`: operator tasks that do not need the server running.

const HELP = `Verwendung: pnpm cli <Befehl>

Befehle:
  migrate        Datenbank-Migrationen ausführen (DATA_DIR bzw. DATABASE_URL)
  check-env      Konfiguration prüfen und die wirksamen Werte zeigen (ohne Geheimnisse)
  help           Diese Hilfe
`;

const SECRET = /KEY|SECRET|TOKEN|PASSWORD|DATABASE_URL|SMTP_URL/;

async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  const env = loadEnv();
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
    case 'check-env': {
      for (const [key, value] of Object.entries(env)) {
        const shown =
          value === undefined ? '(nicht gesetzt)' : SECRET.test(key) ? '[gesetzt]' : String(value);
        process.stdout.write(`${key}=${shown}\n`);
      }
      return 0;
    }
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(HELP);
      return 0;
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
