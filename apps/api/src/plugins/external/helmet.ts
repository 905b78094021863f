import { COLOR_SCHEME_SCRIPT, DEFERRED_ENTRY_SCRIPT } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The CSP source that allows the inline script of every HTML page (the colour mode before the first paint). */
export function colorSchemeScriptHash(): string {
  return sha256(COLOR_SCHEME_SCRIPT);
}

/** The CSP source that allows the public pages' loader of their module script (ADR 034). */
export function deferredEntryScriptHash(): string {
  return sha256(DEFERRED_ENTRY_SCRIPT);
}

function origin(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

/**
 * The headers helmet sets, read off it once. With these options they never depend on the request, so
 * running helmet's middleware on every response (as @fastify/helmet does) would only cost time.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet: ungültige Optionen');
  return headers;
}

export default fp(
  async function helmetPlugin(app: FastifyInstance) {
    const { config } = app;
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", colorSchemeScriptHash(), deferredEntryScriptHash()],
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
        },
      },
      // HSTS only makes sense behind TLS, which the operator's proxy sets; the app may run on plain http on a
      // school's LAN (hence also no upgrade-insecure-requests in the policy).
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
    // Set first, so a route that needs a different policy (file downloads, Swagger UI) overrides it.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
