import type { Env } from './env';

// Decorators set in app.ts before any plugin runs. Plugin-owned decorators are declared beside their plugin
// (e.g. plugins/external/db.ts).
declare module 'fastify' {
  interface FastifyInstance {
    /** The validated environment (src/env.ts). */
    config: Env;
  }
}
