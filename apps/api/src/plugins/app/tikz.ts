import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import { TikzRenderer } from '../../lib/tikz/renderer';

declare module 'fastify' {
  interface FastifyInstance {
    /** TikZ → SVG in a worker thread started on first use (ARCHITECTURE.md §4). */
    tikz: TikzRenderer;
  }
}

/** Decorates `app.tikz`; closing the app stops its worker. Nothing runs until the first render. */
export default fp(
  async function tikz(app: FastifyInstance) {
    const renderer = new TikzRenderer({
      timeoutMs: app.config.TIKZ_TIMEOUT_MS,
      cacheDir: path.join(app.config.DATA_DIR, 'tikz-cache'),
    });
    app.decorate('tikz', renderer);
    app.addHook('onClose', async () => renderer.close());
  },
  { name: 'tikz', dependencies: ['config'] },
);
