import { PREVIEW_UNAVAILABLE_LINES } from '@app/contract';
import { AppError } from '../../lib/app-error';
import type { Ctx } from '../context';
import { pageThumbnail, PageTooCostly, PageWorkerUnavailable } from '../../lib/page-worker';
import { findFile, storedBytes } from './files';

// Thumbnails of uploaded files for the matching view's stack (PRODUCT.md §7): the image, or the first page
// of a PDF, as a small WebP. Rendered on demand and not stored: a copy of student work outside
// `submission_files` would outlive a deleted file; the browser keeps it for a day instead (the route's
// Cache-Control), and the ETag (the content's hash) answers a revalidation without rendering. A page that
// exceeds the page worker's memory or time limit gets a placeholder picture (ADR 031); the file stays.

export interface Thumbnail {
  body: Buffer | string;
  type: 'image/webp' | 'image/svg+xml';
  etag: string;
}

/** Contents (by hash) whose first page exceeded the limits: answered with the placeholder at once. */
const tooCostly = new Set<string>();
const TOO_COSTLY_REMEMBERED = 1000;

/** A page-shaped card (A4 portrait) with the German lines; drawn by the browser, in its own font. */
const placeholder = (() => {
  // Large enough to read in the matching view's small thumbnails (about 120 px wide).
  const lines = PREVIEW_UNAVAILABLE_LINES.map(
    (line, i) =>
      `<text x="200" y="${310 + i * 36 + (i > 0 ? 20 : 0)}" font-size="${i === 0 ? 28 : 24}"${i === 0 ? ' font-weight="bold"' : ''}>${line}</text>`,
  ).join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="566" viewBox="0 0 400 566">' +
    '<rect x="1" y="1" width="398" height="564" fill="#f1f3f5" stroke="#868e96" stroke-width="2"/>' +
    '<path d="M170 170h44l22 22v64h-66z M214 170v22h22" fill="none" stroke="#868e96" stroke-width="4" stroke-linejoin="round"/>' +
    '<path d="M160 270l90-110" stroke="#c92a2a" stroke-width="5" stroke-linecap="round"/>' +
    `<g fill="#212529" font-family="sans-serif" text-anchor="middle">${lines}</g></svg>`
  );
})();

/** The file's ETag; 404 FILE_NOT_FOUND for a file the actor may not see. */
export async function thumbnailEtag(ctx: Ctx, fileId: string): Promise<string> {
  const file = await findFile(ctx, fileId, 'view');
  return etagOf(file.sha256);
}

const etagOf = (sha256: string) => (tooCostly.has(sha256) ? `"none-${sha256}"` : `"thumb-${sha256}"`);

/**
 * A WebP of the file, its long side 400 px, or the placeholder for a page beyond the limits; 415 for a file
 * that cannot be drawn, 503 while the worker is busy.
 */
export async function fileThumbnail(ctx: Ctx, fileId: string): Promise<Thumbnail> {
  const file = await findFile(ctx, fileId, 'view');
  if (tooCostly.has(file.sha256))
    return { body: placeholder, type: 'image/svg+xml', etag: etagOf(file.sha256) };
  if (!(await ctx.services.storage.exists(file.storage_key))) {
    ctx.log.error({ fileId: file.id, key: file.storage_key }, 'Datei fehlt im Speicher');
    throw new AppError('FILE_NOT_FOUND');
  }
  const bytes = await storedBytes(ctx, file.storage_key);
  try {
    return { body: await pageThumbnail(bytes, file.mime), type: 'image/webp', etag: etagOf(file.sha256) };
  } catch (err) {
    ctx.log.warn({ err, fileId: file.id }, 'Vorschaubild nicht erzeugt');
    if (err instanceof PageTooCostly) {
      if (tooCostly.size >= TOO_COSTLY_REMEMBERED) tooCostly.clear();
      tooCostly.add(file.sha256);
      return { body: placeholder, type: 'image/svg+xml', etag: etagOf(file.sha256) };
    }
    throw new AppError(
      err instanceof PageWorkerUnavailable ? 'SERVICE_UNAVAILABLE' : 'UNSUPPORTED_MEDIA_TYPE',
    );
  }
}
