import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @app/api db:generate --name <verb_noun>` writes a new SQL migration into ./drizzle.
// Generation needs no database; migrations are applied at start (MIGRATE) or by `pnpm cli migrate`.
export default defineConfig({
  dialect: 'postgresql',
  // The app's tables, and the built-in auth's own (schema `local_auth`, ADR 005).
  schema: ['./src/db/schema/index.ts', './src/local-auth/schema.ts'],
  out: './drizzle',
  casing: 'snake_case',
  strict: true,
  verbose: true,
});
