import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemContext } from '../../domain/context';
import { ORPHAN_SWEEP_INTERVAL_MS, removeOrphanFiles } from '../../domain/files';
import { openFsStorage, openS3Storage, type Storage } from '../../lib/storage';

// The app's file store (ARCHITECTURE.md §2, §8): the one lib/storage opens for STORAGE, on `app.storage`,
// and the periodic sweep of objects no row names.

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * Removes, once the app is ready and then every ORPHAN_SWEEP_INTERVAL_MS, stored objects that no row names
 * (uploads a crash interrupted: domain/files/orphans.ts). Runs in the background; close waits for it.
 */
function sweepOrphansPeriodically(app: FastifyInstance): void {
  const log = app.log.child({ module: 'orphan-files' });
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= removeOrphanFiles(systemContext(app, log))
      .then((result) => {
        if (result.removed > 0) log.warn(result, 'Dateien ohne Eintrag aufgeräumt');
      })
      .catch((err: unknown) => log.error({ err }, 'Aufräumen der Dateien ohne Eintrag fehlgeschlagen'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), ORPHAN_SWEEP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/** Decorates `app.storage` with the store chosen by STORAGE. */
export default fp(
  async function storagePlugin(app: FastifyInstance) {
    let storage: Storage;
    if (app.config.STORAGE === 's3') {
      const s3 = await openS3Storage(app.config);
      app.addHook('onClose', async () => s3.client.destroy());
      // Bucket and endpoint only: the keys stay out of every log line.
      app.log.info({ bucket: s3.bucket, endpoint: app.config.S3_ENDPOINT ?? 'AWS S3' }, 'Dateien in S3');
      storage = s3;
    } else {
      storage = await openFsStorage(app.config, app.log);
    }
    app.decorate('storage', storage);
    sweepOrphansPeriodically(app);
  },
  { name: 'storage', dependencies: ['config'] },
);
