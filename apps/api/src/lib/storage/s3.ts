import type { S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../../env';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  ByteCounter,
  isStorableKey,
  StorageObjectNotFound,
  type Storage,
  type StoredObject,
} from './store';

// The S3 store of ADR 021: one object per key in one bucket, through the AWS SDK v3. The SDK is imported only
// when this store is chosen (it is several megabytes of modules a filesystem setup never needs).

export interface S3StorageOptions {
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's credential chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

/**
 * lib-storage holds at most `queueSize` parts of this size per upload in memory (5 MiB is S3's smallest part);
 * a file below it goes up in one PutObject, larger ones as a multipart upload.
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** Single deletes instead of DeleteObjects: that call needs a checksum header some S3-compatible stores reject. */
const DELETE_CONCURRENCY = 8;

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (err: unknown) =>
  statusOf(err) === 404 || ['NoSuchKey', 'NotFound'].includes((err as Error).name);

export type S3Storage = Storage & { bucket: string; client: S3Client };

export async function createS3Storage(options: S3StorageOptions): Promise<S3Storage> {
  const s3 = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const Bucket = options.bucket;
  const client = new s3.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Since 2025 the SDK adds CRC checksums (and aws-chunked bodies) to every upload; many S3-compatible stores
    // do not speak that yet. Checksums only where the API demands them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable endpoint fails a request (and the start) within seconds instead of hanging.
    requestHandler: { connectionTimeout: 10_000 },
  });

  async function* objects(prefix?: string): AsyncGenerator<StoredObject> {
    for await (const page of s3.paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
      for (const object of page.Contents ?? []) {
        // A name the app cannot have written is not its object (the bucket is still meant to be its own:
        // the orphan sweep removes key-shaped objects no row names).
        if (!object.Key || !isStorableKey(object.Key)) continue;
        yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0), size: object.Size ?? 0 };
      }
    }
  }

  const storage: S3Storage = {
    bucket: Bucket,
    client,
    async put(key, body) {
      assertKey(key);
      const counter = new ByteCounter();
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counter, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        // A failed multipart upload is aborted: no parts left behind to pay for.
        leavePartsOnError: false,
      });
      const [piped, stored] = await Promise.allSettled([
        pipeline(body, counter),
        upload.done().catch((err: unknown) => {
          // The store refused: stop reading the source, or the pipeline would wait for a reader forever.
          counter.destroy(err as Error);
          throw err;
        }),
      ]);
      if (stored.status === 'rejected') throw piped.status === 'rejected' ? piped.reason : stored.reason;
      if (piped.status === 'rejected') {
        // Cannot happen with a well-behaved stream (the upload completes only at its end), but the
        // interface promises all or nothing.
        await storage.delete(key);
        throw piped.reason;
      }
      return { size: counter.bytes };
    },
    async get(key, range) {
      assertKey(key);
      try {
        const res = await client.send(
          new s3.GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return res.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new StorageObjectNotFound(key);
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      // S3 answers 204 for a key that is not there.
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      assertKey(key);
      try {
        await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('Ein Präfix endet mit "/"');
      assertKey(prefix.slice(0, -1));
      let batch: string[] = [];
      const flush = async () => {
        await Promise.all(batch.map((key) => storage.delete(key)));
        batch = [];
      };
      for await (const object of objects(prefix)) {
        batch.push(object.key);
        if (batch.length >= DELETE_CONCURRENCY) await flush();
      }
      await flush();
    },
    list: () => objects(),
  };
  return storage;
}

/**
 * Fails with a message an operator can act on when the bucket cannot be reached with the configured
 * credentials (checked at start, like the database). Never echoes the credentials.
 */
export async function checkBucket(storage: S3Storage, endpoint: string | undefined): Promise<void> {
  const { HeadBucketCommand } = await import('@aws-sdk/client-s3');
  try {
    await storage.client.send(new HeadBucketCommand({ Bucket: storage.bucket }));
  } catch (err) {
    const status = statusOf(err);
    const where = `Bucket "${storage.bucket}" auf ${endpoint ?? 'AWS S3'}`;
    const reason =
      status === 404
        ? 'gibt es nicht'
        : status === 403 || status === 401
          ? 'verweigert den Zugriff (S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY prüfen)'
          : `ist nicht erreichbar (${(err as Error).name}: ${(err as Error).message})`;
    throw new Error(`S3-Speicher: ${where} ${reason}`, { cause: err });
  }
}

/** The bucket of the S3_* settings, checked to be reachable; fails naming the missing setting. */
export async function openS3Storage(
  config: Pick<
    Env,
    | 'S3_ENDPOINT'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): Promise<S3Storage> {
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET ist nicht gesetzt');
  const storage = await createS3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
  try {
    await checkBucket(storage, config.S3_ENDPOINT);
  } catch (err) {
    storage.client.destroy();
    throw err;
  }
  return storage;
}
