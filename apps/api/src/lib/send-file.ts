import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StorageObjectNotFound } from '../plugins/app/storage';
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
  let body;
  try {
    body = await app.storage.get(file.storage_key);
  } catch (err) {
    if (!(err instanceof StorageObjectNotFound)) throw err;
    request.log.error({ fileId: file.id, key: file.storage_key }, 'Datei fehlt im Speicher');
    throw new AppError('FILE_NOT_FOUND');
  }
  return reply
    .type(inline ? file.mime : 'application/octet-stream')
    .header('content-length', file.size)
    .send(body);
}
