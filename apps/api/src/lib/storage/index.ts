// The file store below the domain (ARCHITECTURE.md §8): the interface, the filesystem store and the S3 store
// (imported only when chosen: its SDK is several megabytes). The app's storage plugin only picks one and
// decorates the app with it.
export * from './store';
export { createFsStorage, openFsStorage, sweepTempFiles } from './fs';
import type { openS3Storage as openS3 } from './s3';
export type { S3Storage, S3StorageOptions } from './s3';

/** The bucket of the S3_* settings, checked to be reachable (lib/storage/s3.ts, loaded on demand). */
export const openS3Storage: typeof openS3 = async (config) => (await import('./s3')).openS3Storage(config);
