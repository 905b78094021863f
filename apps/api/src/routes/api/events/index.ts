import type { RealtimeChangeEvent } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorId } from '../../../domain/context';
import { ctxOf } from '../../context';

/** A comment line this often keeps proxies from closing an idle stream (PRODUCT.md §9: heartbeat 30 s). */
const HEARTBEAT_MS = 30_000;
/** How long a browser waits before reconnecting after the stream broke. */
const RETRY_MS = 3000;

/**
 * `GET /api/events`: server-sent events with the change events (PRODUCT.md §3 "Realtime change events")
 * of the caller's own rows: submissions, submission files, skill feedback, skill group feedback,
 * notifications.
 * `event: change` carries one event as JSON; `event: reset` means changes may have been missed (refetch).
 * EventSource sends no headers: the session cookie authenticates it (GET needs no X-Requested-With).
 */
const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Live changes of the caller’s own rows (text/event-stream)',
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => {
      const userId = actorId(ctxOf(request));
      // From here on the stream is ours: Fastify neither serialises nor ends it.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
        // nginx would buffer the stream otherwise.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write(`retry: ${RETRY_MS}\n: verbunden\n\n`);

      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        if (!res.writableEnded) res.end();
      };
      const write = (chunk: string) => {
        if (!ended && !res.writableEnded) res.write(chunk);
      };
      const unsubscribe = app.realtime.subscribe(userId, {
        change: (event: RealtimeChangeEvent) => write(`event: change\ndata: ${JSON.stringify(event)}\n\n`),
        reset: () => write('event: reset\ndata: {}\n\n'),
        close: end,
      });
      const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      request.raw.on('close', end);
      res.on('error', end);
    },
  );
};

export default eventsRoutes;
