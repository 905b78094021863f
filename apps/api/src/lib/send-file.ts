import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import parseRange from 'range-parser';
import { StorageObjectNotFound, type ByteRange } from '../lib/storage';
import { AppError } from './app-error';
import { contentDisposition } from './uploads/filename';

/** Types the browser may show inline; anything else is offered as a download of opaque bytes. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

export interface StoredFile {
  id: string;
  storage_key: string;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  uploaded_at: Date;
}

/**
 * The one byte range a request asks for (ADR 021): undefined for the whole file (no Range, an If-Range that
 * no longer matches, a malformed header or several ranges, which a server may answer in full), 'unsatisfiable'
 * when it lies past the end.
 */
function requestedRange(request: FastifyRequest, file: StoredFile, etag: string) {
  const header = request.headers.range;
  if (!header) return undefined;
  const ifRange = request.headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag && ifRange !== file.uploaded_at.toUTCString())
    return undefined;
  const ranges = parseRange(file.size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable' as const;
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return ranges[0] as ByteRange;
}

/**
 * Sends an uploaded file's bytes the one way the app serves student work (ARCHITECTURE.md §8): inline only for
 * known image/PDF types, `nosniff`, private and revalidated, never from a public directory.
 */
export async function sendStoredFile(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
) {
  const inline = INLINE_TYPES.has(file.mime);
  const etag = `"${file.sha256}"`;
  reply
    .header('x-content-type-options', 'nosniff')
    // Student work on shared school computers: kept by no shared cache, revalidated on every use.
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header('last-modified', file.uploaded_at.toUTCString())
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.original_name));
  // An image opened on its own can run nothing. PDFs: browsers' PDF viewers do not run sandboxed, and the
  // app's pages embed them in an iframe (grading, verify, the student's page), which the app-wide
  // `frame-ancestors 'none'` would refuse: only this origin may frame them.
  reply.header(
    'content-security-policy',
    file.mime === 'application/pdf'
      ? "frame-ancestors 'self'"
      : "default-src 'none'; img-src 'self'; sandbox",
  );
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  // Ranges let a PDF viewer or a resumed download fetch parts instead of the whole file.
  reply.header('accept-ranges', 'bytes');
  const range = requestedRange(request, file, etag);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${file.size}`);
    throw new AppError('RANGE_NOT_SATISFIABLE');
  }
  let body;
  try {
    body = await app.storage.get(file.storage_key, range);
  } catch (err) {
    if (!(err instanceof StorageObjectNotFound)) throw err;
    request.log.error({ fileId: file.id, key: file.storage_key }, 'Datei fehlt im Speicher');
    throw new AppError('FILE_NOT_FOUND');
  }
  reply.type(inline ? file.mime : 'application/octet-stream');
  if (!range) return reply.header('content-length', file.size).send(body);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(body);
}

/** Sends a file made for one teacher (a data export, a CSV): a download that no cache keeps. */
export function sendPrivateDownload(
  reply: FastifyReply,
  type: string,
  file: { fileName: string; body: Readable | string },
) {
  return reply
    .type(type)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/** A ZIP data export (ADR 022): `sendPrivateDownload` as application/zip. */
export const sendZipExport = (reply: FastifyReply, zip: { fileName: string; stream: Readable }) =>
  sendPrivateDownload(reply, 'application/zip', { fileName: zip.fileName, body: zip.stream });
