// File names as clients send them are only shown, never used to build a path or a storage key.

const MAX_NAME_LENGTH = 200;
const FALLBACK_NAME = 'datei';

/** The last path segment of a client's file name, without control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined | null): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/\p{Cc}|\p{Cf}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (clean.length <= MAX_NAME_LENGTH) return clean || FALLBACK_NAME;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 6 ? clean.slice(dot) : '';
  return [...clean.slice(0, clean.length - ext.length)].slice(0, MAX_NAME_LENGTH - ext.length).join('') + ext;
}

/** `name` with its extension replaced by (or, without one, extended by) `ext`: `IMG_1.HEIC` → `IMG_1.jpg`. */
export function withExtension(name: string, ext: string): string {
  const match = /^(.+)\.([A-Za-z0-9]{1,5})$/.exec(name);
  const stem = match ? match[1]! : name;
  return `${stem}.${ext}`;
}

/** RFC 5987 ext-value characters; everything else is percent-encoded. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A `Content-Disposition` header (RFC 6266) with an ASCII fallback `filename` for old clients and the exact
 * name as `filename*` (UTF-8, RFC 5987).
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const fallback =
    filename
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\%]/g, '_') || FALLBACK_NAME;
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}
