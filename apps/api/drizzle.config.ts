import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @app/api db:generate --name <verb_noun>` writes a new SQL migration into ./drizzle.
// Generation needs no database; migrations are applied at start (MIGRATE) or by `pnpm cli migrate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
  strict: true,
  verbose: true,
});
