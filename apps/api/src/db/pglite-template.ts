import { cpSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { apiRoot } from '../paths';

// A new PGlite directory needs initdb, which PGlite 0.4 runs in two extra WebAssembly instances: the
// process peaks at 700–800 MB and keeps much of it until a late garbage collection. `pnpm build` makes one
// empty (unmigrated) directory instead (tsup.config.ts), and a fresh DATA_DIR starts as a copy of it
// (ADR 003). Without it (tsx from src, an old build) PGlite runs initdb itself.

export const templateDir = path.join(apiRoot, 'dist', 'pglite-template');
/** Names the PGlite build that made the template; another build's template is not used. */
const BUILD_FILE = 'pglite-build';

/** The installed PGlite: pnpm's store path of the package carries its version. */
export const pgliteBuild = (): string => createRequire(import.meta.url).resolve('@electric-sql/pglite');

/** Copies the template into `pgDir` when that holds no database yet and the template fits this PGlite. */
export function seedFromTemplate(pgDir: string): void {
  if (readdirSync(pgDir).length > 0) return;
  try {
    if (readFileSync(path.join(templateDir, BUILD_FILE), 'utf8') !== pgliteBuild()) return;
  } catch {
    return;
  }
  cpSync(templateDir, pgDir, { recursive: true, filter: (src) => path.basename(src) !== BUILD_FILE });
}

/** Moves the freshly initialised `pgDir` to the template's place (the build's step). */
export function storeTemplate(pgDir: string): void {
  rmSync(templateDir, { recursive: true, force: true });
  writeFileSync(path.join(pgDir, BUILD_FILE), pgliteBuild());
  renameSync(pgDir, templateDir);
}
