import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

function origin(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

export default fp(
  async function helmetPlugin(app: FastifyInstance) {
    const { config } = app;
    // The policy never changes: build the header once instead of on every response (helmet would).
    const csp = Object.entries({
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
    })
      .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
      .join('; ');
    app.addHook('onSend', async (_request, reply) => {
      // Swagger UI sets its own, hash-based policy.
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    });

    await app.register(helmet, {
      contentSecurityPolicy: false,
      // HSTS only makes sense behind TLS, which the operator's proxy sets; the app may run on plain http on a
      // school's LAN (hence also no upgrade-insecure-requests in the policy).
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
