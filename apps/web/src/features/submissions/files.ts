/**
 * What the browser does with a file before it is uploaded: recognise the kind, and downscale photos with
 * `browser-image-compression` (loaded on demand) so that a 12 MP photo travels as ~1–2 MB instead of 5–10.
 */

export type FileKind = 'image' | 'pdf' | 'other';

const IMAGE_EXT = /\.(jpe?g|png|webp|heic|heif)$/i;

export function fileKind(file: { type: string; name: string }): FileKind {
  if (file.type === 'application/pdf' || /\.pdf$/i.test(file.name)) return 'pdf';
  if (file.type.startsWith('image/') || (file.type === '' && IMAGE_EXT.test(file.name))) return 'image';
  return 'other';
}

/** Images the browser can decode and re-encode; HEIC (iPhone) goes as it is, the server converts it. */
const COMPRESSIBLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

const COMPRESSION = {
  maxSizeMB: 2,
  maxWidthOrHeight: 2560,
  /** Smaller files are sent as they are: already phone-friendly. */
  skipBelowBytes: 1024 * 1024,
} as const;

export interface PreparedFile {
  blob: Blob;
  name: string;
  compressed: boolean;
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '');
  return `${base || 'foto'}.jpg`;
}

/**
 * Downscales a photo to at most 2560 px and ~2 MB as JPEG. Anything that cannot be compressed (PDF, HEIC,
 * small files, a browser that fails to decode it) is sent unchanged — the server checks and re-encodes anyway.
 */
export async function prepareFile(file: File): Promise<PreparedFile> {
  const unchanged = { blob: file, name: file.name, compressed: false };
  if (!COMPRESSIBLE.has(file.type) || file.size <= COMPRESSION.skipBelowBytes) return unchanged;
  try {
    const [{ default: imageCompression }, { default: libUrl }] = await Promise.all([
      import('browser-image-compression'),
      import('browser-image-compression/dist/browser-image-compression.js?url'),
    ]);
    const blob = await imageCompression(file, {
      maxSizeMB: COMPRESSION.maxSizeMB,
      maxWidthOrHeight: COMPRESSION.maxWidthOrHeight,
      fileType: 'image/jpeg',
      initialQuality: 0.85,
      // The worker loads the library from our own assets, not from a CDN.
      useWebWorker: true,
      libURL: new URL(libUrl, window.location.href).href,
    });
    if (blob.size >= file.size) return unchanged;
    return { blob, name: jpegName(file.name), compressed: true };
  } catch {
    return unchanged;
  }
}
