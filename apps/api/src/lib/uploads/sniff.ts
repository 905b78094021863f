import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../app-error';

// What an uploaded file is, from its first bytes (ARCHITECTURE.md §8: JPEG, PNG, WebP, HEIC/HEIF, PDF). The
// name and the Content-Type the client sent mean nothing: a `.jpg` that is HTML is refused.

export type UploadKind = 'jpeg' | 'png' | 'webp' | 'heic' | 'pdf';

/** Bytes needed to tell the five kinds apart. */
export const SNIFF_BYTES = 16;

/** ISO-BMFF major brands of HEIC/HEIF stills and sequences (not AVIF: `avif`/`avis` are refused). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.length >= end ? bytes.toString('latin1', start, end) : '';

export function detectKind(bytes: Buffer): UploadKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'heic';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  return null;
}

/**
 * Passes the bytes through unchanged and fails with 415 UPLOAD_TYPE_NOT_ALLOWED as soon as the first
 * SNIFF_BYTES show that the file is none of the allowed kinds, before the rest is read.
 */
export class KindSniffer extends Transform {
  kind: UploadKind | null = null;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly details: unknown) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.kind) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return callback();
    this.decide(callback);
  }

  override _flush(callback: TransformCallback) {
    if (this.kind) return callback();
    this.decide(callback);
  }

  private decide(callback: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.kind = detectKind(head);
    if (!this.kind) return callback(new AppError('UPLOAD_TYPE_NOT_ALLOWED', this.details));
    callback(null, head);
  }
}
