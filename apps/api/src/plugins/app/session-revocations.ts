import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REVOCATION_CHANNEL, SessionRevocations } from '../../auth/revocations';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ended sessions of deleted and banned users, as this process knows them (auth/revocations.ts). */
    sessionRevocations: SessionRevocations;
  }
}

const LISTEN_RETRY_MS = 5000;

/**
 * Keeps `sessionRevocations` current in every process: listens on the channel first, then loads the table, so
 * nothing falls between the two. While it does not listen (start, a lost listener connection, an unreachable
 * database), the auth hook reads the user's row per request instead: slower, never wrong.
 */
export default fp(
  async function sessionRevocationsPlugin(app: FastifyInstance) {
    const revocations = new SessionRevocations(app.db, app.log);
    app.decorate('sessionRevocations', revocations);

    let stop: (() => Promise<void>) | undefined;
    let retry: NodeJS.Timeout | undefined;
    let closed = false;
    const catchUp = async () => {
      try {
        await revocations.load();
        revocations.setLive(true);
      } catch (err) {
        if (closed) return;
        app.log.warn({ err }, 'Beendete Sitzungen nicht geladen, neuer Versuch in 5 s');
        retry = setTimeout(() => void catchUp(), LISTEN_RETRY_MS);
        retry.unref();
      }
    };
    const listen = async () => {
      try {
        stop = await app.dbListen(REVOCATION_CHANNEL, {
          onMessage: (payload) => revocations.announced(payload),
          onLost: () => revocations.setLive(false),
          onRestored: () => void catchUp(),
        });
        if (closed) return void (await stop());
        await catchUp();
      } catch (err) {
        if (closed) return;
        app.log.warn({ err }, 'Beendete Sitzungen: LISTEN nicht möglich, neuer Versuch in 5 s');
        retry = setTimeout(() => void listen(), LISTEN_RETRY_MS);
        retry.unref();
      }
    };
    await listen();

    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(retry);
      await stop?.();
    });
  },
  { name: 'session-revocations', dependencies: ['db'] },
);
