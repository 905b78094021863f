import { z } from 'zod';

/** `GET /api/config`: the runtime configuration the SPA may see (nothing secret). */
export const ZPublicConfig = z.object({
  /** Base URL of the auth service the browser talks to (`<origin>/auth/v1` is built from it). */
  authUrl: z.string(),
  /** `local`: the API's built-in GoTrue-compatible auth; `supabase`: an external Supabase project. */
  authMode: z.enum(['local', 'supabase']),
  supabaseAnonKey: z.string(),
  publicUrl: z.string(),
  aiProvider: z.enum(['none', 'service', 'openai']),
  posthog: z.object({ key: z.string(), host: z.string() }).nullable(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof ZPublicConfig>;

/** `GET /api/health` */
export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof ZHealthResponse>;
