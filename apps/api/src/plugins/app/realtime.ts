import { REALTIME_EVENT_TYPES, type RealtimeChangeEvent } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ListenHandlers } from '../../db/client';

// Realtime (ARCHITECTURE.md §2): row changes of the watched tables (submissions, submission_files,
// skill_feedback, skill_group_feedback, notifications, class_teachers) are announced by triggers on channel
// kz_realtime (migrations 0005, 0019) and delivered at commit to every API process that listens, so several
// processes work. Each process listens once and hands an event only to the streams of the users the trigger
// names: a class's teachers for its hand-ins and grading, the receiver for a notification (GET /api/events).

export const REALTIME_CHANNEL = 'kz_realtime';
const LISTEN_RETRY_MS = 5000;

export interface RealtimeSubscriber {
  /** A change of a row the user may see. */
  change(event: RealtimeChangeEvent): void;
  /** Changes may have been missed (the listener connection dropped): refetch everything. */
  reset(): void;
  /** The server is shutting down: end the stream. */
  close(): void;
}

export interface RealtimeHub {
  /** Receives the events of `userId`'s rows until the returned function is called. */
  subscribe(userId: string, subscriber: RealtimeSubscriber): () => void;
  /** Open subscriptions in this process. */
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

interface Announcement {
  table: string;
  type: string;
  /** The users whose streams get the event. */
  owners: string[];
  at: string;
  record: Record<string, unknown>;
}

const isAnnouncement = (value: unknown): value is Announcement => {
  if (!value || typeof value !== 'object') return false;
  const a = value as Record<string, unknown>;
  return (
    typeof a.table === 'string' &&
    Array.isArray(a.owners) &&
    a.owners.every((owner) => typeof owner === 'string') &&
    typeof a.at === 'string' &&
    (REALTIME_EVENT_TYPES as readonly unknown[]).includes(a.type) &&
    Boolean(a.record) &&
    typeof a.record === 'object'
  );
};

/**
 * The announcement as PRODUCT.md §3's change event: `new` is the row's keys and list columns, `old` the key.
 */
export function toChangeEvent(a: Announcement): RealtimeChangeEvent {
  const type = a.type as RealtimeChangeEvent['eventType'];
  return {
    schema: 'public',
    table: a.table,
    commit_timestamp: new Date(a.at).toISOString(),
    eventType: type,
    new: type === 'DELETE' ? {} : a.record,
    old: type === 'INSERT' ? {} : type === 'DELETE' ? a.record : { id: a.record.id },
    errors: null,
  };
}

export default fp(
  async function realtime(app: FastifyInstance) {
    const byUser = new Map<string, Set<RealtimeSubscriber>>();
    let size = 0;
    const everyone = () => [...byUser.values()].flatMap((set) => [...set]);

    const hub: RealtimeHub = {
      subscribe(userId, subscriber) {
        let set = byUser.get(userId);
        if (!set) byUser.set(userId, (set = new Set()));
        set.add(subscriber);
        size++;
        let done = false;
        return () => {
          if (done) return;
          done = true;
          size--;
          set.delete(subscriber);
          if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
        };
      },
      get size() {
        return size;
      },
    };

    const handlers: ListenHandlers = {
      onMessage(payload) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(payload);
        } catch {
          parsed = null;
        }
        if (!isAnnouncement(parsed)) {
          app.log.warn({ payload: payload.slice(0, 200) }, 'Realtime: unlesbare Nachricht');
          return;
        }
        const event = toChangeEvent(parsed);
        for (const owner of parsed.owners)
          for (const subscriber of byUser.get(owner) ?? []) subscriber.change(event);
      },
      // Listening again after a dropped connection: what happened meanwhile is unknown, clients refetch.
      onRestored() {
        for (const subscriber of everyone()) subscriber.reset();
      },
    };

    // The app also starts while the database is unreachable (health answers 503): keep trying to listen.
    let stop: (() => Promise<void>) | undefined;
    let retry: NodeJS.Timeout | undefined;
    let closed = false;
    const listen = async () => {
      try {
        stop = await app.dbListen(REALTIME_CHANNEL, handlers);
        if (closed) await stop();
      } catch (err) {
        if (closed) return;
        app.log.warn({ err }, 'Realtime: LISTEN nicht möglich, neuer Versuch in 5 s');
        retry = setTimeout(() => void listen(), LISTEN_RETRY_MS);
        retry.unref();
      }
    };
    await listen();

    app.decorate('realtime', hub);
    // Open streams never end by themselves: end them first, or closing would wait for them (server.close).
    app.addHook('preClose', async () => {
      for (const subscriber of everyone()) subscriber.close();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(retry);
      await stop?.();
    });
  },
  { name: 'realtime', dependencies: ['db'] },
);
