import fastifyStatic from '@fastify/static';
import { APP_SHELL_HEADER } from '@app/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../../paths';
import { sendError } from './errors';

/** The app's empty index.html, revalidated on every load, marked as the one page the service worker keeps. */
export function sendShell(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').header(APP_SHELL_HEADER, '1').sendFile('index.html');
}

/** Paths the SPA never owns: they answer JSON errors, never index.html. */
export function isBackendPath(url: string): boolean {
  return /^\/(api|auth)(\/|\?|$)/.test(url);
}

export function webDist(configured: string | undefined): string {
  return path.resolve(configured ?? path.join(apiRoot, '..', 'web', 'dist'));
}

/** index.html of the built SPA when this server serves it (production, built), else null. */
export function spaIndex(config: FastifyInstance['config']): string | null {
  const index = path.join(webDist(config.WEB_DIST), 'index.html');
  return config.NODE_ENV === 'production' && existsSync(index) ? index : null;
}

/**
 * Serves the built SPA (production): hashed files under /assets are immutable for a year, everything else
 * (index.html, sw.js, manifest) is revalidated on every load so a new build shows up at once. Any other
 * non-API path gets index.html (history fallback); a missing asset stays a 404 so a stale chunk is noticed.
 */
export default fp(
  async function spa(app: FastifyInstance) {
    const root = webDist(app.config.WEB_DIST);
    const serveSpa = spaIndex(app.config) !== null;
    if (!serveSpa) {
      app.log.debug({ root }, 'SPA not served (not production or not built)');
    } else {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        // Dot folders of the build are not public: Vite's manifest (.vite) and the feedback page's server
        // renderer (.ssr, ADR 034) are read by the API only.
        dotfiles: 'ignore',
        // The build writes `.br` and `.gz` beside each asset (vite-plugin-compression2); they are sent to
        // browsers that accept them, with `Content-Encoding` and `Vary: Accept-Encoding`.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
          // A shared cache must not hand the brotli copy to a browser that asked for gzip.
          res.setHeader('vary', 'accept-encoding');
        },
      });
      // `index: false` leaves the root directory unanswered; it is the SPA like every other page.
      app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));
    }

    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      const url = request.url;
      if (serveSpa && wantsPage && !isBackendPath(url) && !url.startsWith('/assets/')) {
        return sendShell(reply);
      }
      // The path exists, but not with this method. (A path whose route has this very method but did not
      // match, e.g. an id the router refuses, is just not found.)
      const allowed = app.allowedMethods(url);
      if (allowed.length > 0 && !allowed.includes(request.method))
        return sendError(reply.header('allow', allowed.join(', ')), 'METHOD_NOT_ALLOWED');
      return sendError(reply, 'NOT_FOUND');
    });
  },
  { name: 'spa', dependencies: ['config', 'errors', 'rate-limit'] },
);
