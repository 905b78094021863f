import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { ListCache } from '../../lib/list-cache';

/** Channel of migration 0003's triggers; the payload is the changed table's name. */
export const TABLE_CHANGED_CHANNEL = 'kz_table_changed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-process cache of the busiest list responses (ADR 011). */
    listCache: ListCache;
  }
}

/**
 * Sends a cached list as JSON: `load` runs on a miss and its result is checked against `schema` (as the
 * route's response schema would) and serialized once; a hit skips the database and the serializer.
 * Callback style on purpose: call it from a non-async handler and return nothing, so Fastify waits for this
 * send (an async handler resolving undefined would make Fastify send a second time). Errors go to the
 * app's error handler.
 */
export function sendCachedList<S extends z.ZodType>(
  app: FastifyInstance,
  reply: FastifyReply,
  cache: { userId: string; key: string; tables: readonly string[]; schema: S },
  load: () => Promise<z.input<S>>,
): void {
  app.listCache
    .get(cache.userId, cache.key, cache.tables, async () => JSON.stringify(cache.schema.parse(await load())))
    // A string with a JSON content type is sent as is, past the route's serializer.
    .then(
      (body) => reply.type('application/json; charset=utf-8').send(body),
      (err: unknown) => reply.send(err),
    );
}

const LISTEN_RETRY_MS = 5000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(
  async function listCachePlugin(app: FastifyInstance) {
    const cache = new ListCache();
    app.decorate('listCache', cache);
    let stopListening: (() => Promise<void>) | undefined;
    let retry: NodeJS.Timeout | undefined;
    let closing = false;
    // In the background: the app starts (and reports the database down on /api/health) even when the database
    // cannot be reached; until the feed listens, every request reads the database.
    const listen = () => {
      app
        .dbListen(TABLE_CHANGED_CHANNEL, {
          onMessage: (table) => cache.tableChanged(table),
          onLost: () => cache.stop(),
          onRestored: () => cache.start(),
        })
        .then(
          (stop) => {
            stopListening = stop;
            if (closing) void stop();
            else cache.start();
          },
          (err: unknown) => {
            app.log.warn({ err }, 'Änderungsmeldungen der Datenbank nicht verfügbar, Listen-Cache aus');
            if (!closing) (retry = setTimeout(listen, LISTEN_RETRY_MS)).unref();
          },
        );
    };
    // Notifications arrive shortly after a commit, on their own connection: a teacher's next read could come
    // first. So a write request answered by this process also invalidates the writer's lists here, right
    // before its answer goes out (after its transaction committed), and the teacher reads their own write.
    // Only the writer's: lists are per owner, and anonymous writes (students' uploads) touch no list.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.user && !SAFE_METHODS.has(request.method)) cache.userChanged(request.user.id);
      done(null, payload);
    });
    app.addHook('onReady', (done) => {
      listen();
      done();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(retry);
      cache.stop();
      await stopListening?.();
    });
  },
  { name: 'list-cache', dependencies: ['db'] },
);
