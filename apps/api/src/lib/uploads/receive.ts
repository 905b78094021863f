import { newId } from '@app/contract';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sweepTempFiles, type Storage } from '../storage';
import { AppError } from '../app-error';
import { cleanFileName } from './filename';
import { processFile, type StoredFile } from './process';
import { KindSniffer, type UploadKind } from './sniff';

// One multipart upload, all or nothing (ARCHITECTURE.md §8): every file part is streamed to a scratch file
// (never held in memory; the 20 MB limit is busboy's), sniffed on its first bytes, then converted and stored
// while the next part is still arriving. If anything fails — a refused file, a limit, the client going away —
// every file stored so far is deleted again and the error goes to the caller; scratch files are always
// removed.

/** `DATA_DIR/tmp/uploads`: files as received, before they are checked and converted. */
export function scratchDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

/** Creates the scratch folder and removes what a crash left in it. */
export async function prepareScratchDir(dataDir: string): Promise<number> {
  const dir = scratchDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return sweepTempFiles(dir);
}

export interface ReceivedUpload {
  /** In the order the parts arrived. */
  files: StoredFile[];
  /** The text fields (the last value of a repeated field). */
  fields: Record<string, string>;
}

/** Which file an error is about (goes into the error body's `details`). */
interface FileDetails {
  file: string;
  index: number;
}

// Framework errors of @fastify/multipart raised while iterating, in our codes.
const MULTIPART_ERRORS: Record<string, AppError['code']> = {
  FST_REQ_FILE_TOO_LARGE: 'UPLOAD_FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'UPLOAD_TOO_MANY_FILES',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_MP_PREMATURE_CLOSE: 'MALFORMED_BODY',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_PROTO_VIOLATION: 'MALFORMED_BODY',
};

function toAppError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && MULTIPART_ERRORS[code]) return new AppError(MULTIPART_ERRORS[code]);
  // busboy's own parse errors ("Unexpected end of form", "Malformed part header", a multipart content type
  // without a boundary …) and a reset socket.
  if (
    err instanceof Error &&
    (/unexpected end|malformed|terminated early|boundary not found/i.test(err.message) ||
      code === 'ECONNRESET')
  )
    return new AppError('MALFORMED_BODY', undefined, { cause: err });
  return err;
}

/** Streams one file part to a scratch file, refusing it on its first bytes or when it exceeds the limit. */
async function receivePart(
  part: MultipartFile,
  dir: string,
  details: FileDetails,
): Promise<{ file: string; kind: UploadKind }> {
  const file = path.join(dir, randomUUID());
  const sniffer = new KindSniffer(details);
  try {
    await pipeline(part.file, sniffer, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    if (part.file.truncated) throw new AppError('UPLOAD_FILE_TOO_LARGE', details);
    return { file, kind: sniffer.kind! };
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
}

/**
 * A multipart body as the upload operations read it: its parts (read once, in order) and a way to let the
 * client finish sending after an early answer. The routes make it from their request; the domain never sees
 * the request itself.
 */
export interface UploadBody {
  parts(): AsyncIterable<Multipart>;
  /** Reads the unread rest (up to 100 MB, else drops the connection), so the client reads the answer. */
  discardRest(): void;
}

/** The upload body of a multipart request (busboy starts only when the parts are read). */
export function uploadBody(request: FastifyRequest): UploadBody {
  return { parts: () => request.parts(), discardRest: () => discardUnreadBody(request) };
}

/** Reads the unread rest of a request body (up to `maxBytes`, else drops the connection). */
function discardUnreadBody(request: FastifyRequest, maxBytes = 100 * 1024 * 1024): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  // busboy may still be attached and paused on a part nobody reads.
  raw.unpipe();
  let seen = 0;
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) raw.destroy();
  });
  raw.resume();
}

/**
 * Reads the whole multipart body and stores its files under `<keyPrefix>/<new id>`. Resolves once every
 * file is stored; rejects (with an AppError for anything the client caused) after removing whatever it
 * stored. At least one file is required (400 UPLOAD_NO_FILES). `splitPdf`: a multi-page PDF becomes one
 * stored file per page (the teacher's stack upload), in order.
 */
export async function receiveUpload(
  body: UploadBody,
  options: {
    storage: Storage;
    dataDir: string;
    keyPrefix: string;
    log: FastifyBaseLogger;
    splitPdf?: boolean;
  },
): Promise<ReceivedUpload> {
  const { storage, keyPrefix, log } = options;
  const dir = scratchDir(options.dataDir);
  const fields: Record<string, string> = {};
  const jobs: Array<Promise<StoredFile[]>> = [];
  const abort = new AbortController();
  let failure: unknown;

  try {
    for await (const part of body.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const details: FileDetails = { file: cleanFileName(part.filename), index: jobs.length };
      const { file, kind } = await receivePart(part, dir, details);
      const job = processFile(storage, {
        key: `${keyPrefix}/${newId()}`,
        file,
        kind,
        name: details.file,
        details,
        signal: abort.signal,
        splitPdf: options.splitPdf,
      }).finally(() => rm(file, { force: true }));
      // Observed below; a failure stops the remaining work at once.
      job.catch((err: unknown) => {
        failure ??= err;
        abort.abort();
      });
      jobs.push(job);
      if (abort.signal.aborted) break;
    }
  } catch (err) {
    failure ??= err;
    abort.abort();
  }

  const results = await Promise.allSettled(jobs);
  const stored = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
  if (failure === undefined && jobs.length === 0) failure = new AppError('UPLOAD_NO_FILES');
  if (failure !== undefined) {
    await removeStored(storage, stored, log);
    throw toAppError(failure);
  }
  return { files: stored, fields };
}

/** Deletes stored files again (a failed upload, duplicates); failures are logged, never thrown. */
export async function removeStored(
  storage: Storage,
  files: ReadonlyArray<{ key: string }>,
  log: FastifyBaseLogger,
): Promise<void> {
  await Promise.all(
    files.map((f) =>
      storage.delete(f.key).catch((err: unknown) => log.error({ err, key: f.key }, 'Datei nicht gelöscht')),
    ),
  );
}
