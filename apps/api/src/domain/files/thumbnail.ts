import { AppError } from '../../lib/app-error';
import type { Ctx } from '../context';
import { pageThumbnail, PageWorkerUnavailable } from '../scans/pages';
import { findFile, storedBytes } from './files';

// Thumbnails of uploaded files for the matching view's stack (PRODUCT.md §7): the image, or the first page
// of a PDF, as a small WebP. Rendered on demand and not stored: a copy of student work outside
// `submission_files` would outlive a deleted file; the browser keeps it for a day instead (the route's
// Cache-Control), and the ETag (the content's hash) answers a revalidation without rendering.

/** The file's ETag; 404 FILE_NOT_FOUND for a file the actor may not see. */
export async function thumbnailEtag(ctx: Ctx, fileId: string): Promise<string> {
  const file = await findFile(ctx, fileId);
  return `"thumb-${file.sha256}"`;
}

/** A WebP of the file, its long side 400 px; 415 for a file that cannot be drawn, 503 while the worker is busy. */
export async function fileThumbnail(ctx: Ctx, fileId: string): Promise<{ webp: Buffer; etag: string }> {
  const file = await findFile(ctx, fileId);
  if (!(await ctx.services.storage.exists(file.storage_key))) {
    ctx.log.error({ fileId: file.id, key: file.storage_key }, 'Datei fehlt im Speicher');
    throw new AppError('FILE_NOT_FOUND');
  }
  const bytes = await storedBytes(ctx, file.storage_key);
  try {
    return { webp: await pageThumbnail(bytes, file.mime), etag: `"thumb-${file.sha256}"` };
  } catch (err) {
    ctx.log.warn({ err, fileId: file.id }, 'Vorschaubild nicht erzeugt');
    throw new AppError(
      err instanceof PageWorkerUnavailable ? 'SERVICE_UNAVAILABLE' : 'UNSUPPORTED_MEDIA_TYPE',
    );
  }
}
