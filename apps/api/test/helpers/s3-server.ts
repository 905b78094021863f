import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

// An S3-compatible server on loopback for the storage tests (ADR 021): s3rver keeps its buckets in a temp
// folder and speaks enough of the S3 API (PutObject, multipart uploads, ranged GetObject, ListObjectsV2…)
// for the AWS SDK v3.

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* variables of an app using this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's fixed account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startS3Server(bucket = 'klassenzimmer-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'kz-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    // s3rver drops the trailing slash of bucket-level paths (`/bucket/?list-type=2`) when it recomputes a
    // signature, so the SDK's correct signature of ListObjectsV2 would not match. The access key is still
    // checked (an unknown one is refused).
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
