/**
 * Images in the task content are data URLs for now (they travel inside `data`, which the API caps at
 * TASK_DATA_MAX_LENGTH characters). A picture larger than the cap is scaled down in the browser; if it still
 * does not fit, it is refused with a message instead of making the whole task unsavable.
 */

/** Longest data URL one image may take (≈ 90 KB of JPEG), so that a task holds text and a couple of images. */
const IMAGE_DATA_URL_MAX_LENGTH = 120_000;

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** Attempts from sharp and large to small: longest side in pixels and JPEG quality. */
const SCALE_STEPS: ReadonlyArray<{ maxSide: number; quality: number }> = [
  { maxSide: 1400, quality: 0.82 },
  { maxSide: 1000, quality: 0.75 },
  { maxSide: 800, quality: 0.7 },
  { maxSide: 600, quality: 0.6 },
];

type ImageResult =
  { ok: true; dataUrl: string } | { ok: false; reason: 'unsupported' | 'tooLarge' | 'unreadable' };

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('read'));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

async function scaled(file: Blob, maxSide: number, quality: number): Promise<string | null> {
  if (typeof createImageBitmap !== 'function') return null;
  const bitmap = await createImageBitmap(file);
  try {
    const factor = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * factor));
    canvas.height = Math.max(1, Math.round(bitmap.height * factor));
    const context = canvas.getContext('2d');
    if (!context) return null;
    // JPEG has no transparency: drawings on a transparent background stay readable on white.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', quality);
  } finally {
    bitmap.close();
  }
}

/** The image as a data URL of at most `maxLength` characters, scaled down if needed. */
export async function imageToDataUrl(
  file: File,
  maxLength = IMAGE_DATA_URL_MAX_LENGTH,
): Promise<ImageResult> {
  if (!IMAGE_ACCEPT.split(',').includes(file.type)) return { ok: false, reason: 'unsupported' };
  try {
    const original = await readAsDataUrl(file);
    if (original.length <= maxLength) return { ok: true, dataUrl: original };
    for (const { maxSide, quality } of SCALE_STEPS) {
      const dataUrl = await scaled(file, maxSide, quality);
      if (dataUrl === null) break;
      if (dataUrl.length <= maxLength) return { ok: true, dataUrl };
    }
    return { ok: false, reason: 'tooLarge' };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
