import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from './client';
import { storeTemplate } from './pglite-template';

// `pnpm build` (tsup.config.ts onSuccess): runs initdb once into dist/pglite-template (pglite-template.ts).
const scratch = mkdtempSync(path.join(tmpdir(), 'kz-pglite-template-'));
try {
  const handle = await createDatabase({ DATA_DIR: scratch });
  await handle.close();
  storeTemplate(path.join(scratch, 'pg'));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
