import { ZPublicConfig, type PublicConfig } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../../env';
import { VERSION } from '../../../version';

function publicConfig(env: Env): PublicConfig {
  return {
    authUrl: env.SUPABASE_URL ?? env.PUBLIC_URL,
    authMode: env.SUPABASE_URL ? 'supabase' : 'local',
    supabaseAnonKey: env.SUPABASE_ANON_KEY ?? 'local',
    publicUrl: env.PUBLIC_URL,
    aiProvider: env.AI_PROVIDER,
    signupDisabled: !env.SUPABASE_URL && env.AUTH_DISABLE_SIGNUP,
    posthog: env.POSTHOG_KEY && env.POSTHOG_HOST ? { key: env.POSTHOG_KEY, host: env.POSTHOG_HOST } : null,
    version: VERSION,
  };
}

const config: FastifyPluginAsyncZod = async (app) => {
  const body = publicConfig(app.config);
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public runtime configuration for the SPA',
        response: { 200: ZPublicConfig },
      },
    },
    (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
};

export default config;
