import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../src/db/client';

// A new PGlite database runs initdb inside WebAssembly: about 3 s of CPU, paid by every test app and every
// e2e server. A copy of one freshly initialised (and never migrated) data directory opens in a fraction of
// that, and the app then migrates it as it would a new one. The template is made once per PGlite build
// and shared by all test processes; concurrent makers race by rename, and the loser's copy is dropped.

/** Names the installed PGlite build: pnpm's store path of the package carries its version. */
const pgliteBuild = (): string => {
  const entry = realpathSync(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  return createHash('sha256').update(entry).digest('hex').slice(0, 12);
};

let template: Promise<string> | undefined;

/** The template's `pg` directory, made on first use. */
function templateDir(): Promise<string> {
  template ??= (async () => {
    const dir = path.join(tmpdir(), `kz-pglite-template-${pgliteBuild()}`);
    if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
    const scratch = mkdtempSync(path.join(tmpdir(), 'kz-pglite-make-'));
    try {
      const handle = await createDatabase({ DATA_DIR: scratch });
      await handle.close();
      try {
        renameSync(path.join(scratch, 'pg'), dir);
      } catch (err) {
        // Another process was quicker: its template is as good as ours.
        if (!existsSync(path.join(dir, 'PG_VERSION'))) throw err;
      }
      return dir;
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  })();
  return template;
}

/** Puts a fresh, empty (unmigrated) PGlite database into `dataDir/pg`, as the app would create it. */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  cpSync(await templateDir(), path.join(dataDir, 'pg'), { recursive: true });
}
