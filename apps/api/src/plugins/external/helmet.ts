import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

function origin(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

export default fp(
  async function helmetPlugin(app: FastifyInstance) {
    const { config } = app;
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine injects <style> tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...origin(config.SUPABASE_URL), ...origin(config.POSTHOG_HOST)],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // The app may run on plain http on a school's LAN; do not force https there.
          upgradeInsecureRequests: null,
        },
      },
      // Same reason: HSTS only makes sense behind TLS, which the operator's proxy sets.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
