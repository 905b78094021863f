import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition, withExtension } from '../src/lib/uploads/filename';
import { detectKind } from '../src/lib/uploads/sniff';

// The pieces of the upload pipeline that need no database (the storage interface: storage.test.ts).

describe('Upload helpers', () => {
  it('tell the allowed kinds by their first bytes, whatever the name says', () => {
    const bytes = (...parts: Array<string | number[]>) =>
      Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
    expect(detectKind(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('jpeg');
    expect(detectKind(bytes([0x89], 'PNG\r\n\x1a\n'))).toBe('png');
    expect(detectKind(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(detectKind(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]))).toBe('heic');
    expect(detectKind(bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0]))).toBe('heic');
    expect(detectKind(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(detectKind(bytes([0, 0, 0, 0x18], 'ftypavif', [0, 0, 0, 0]))).toBeNull();
    expect(detectKind(bytes('<!doctype html>'))).toBeNull();
    expect(detectKind(bytes('GIF89a'))).toBeNull();
    expect(detectKind(Buffer.alloc(0))).toBeNull();
  });

  it('keep only a harmless last segment of a client’s file name', () => {
    expect(cleanFileName('C:\\Users\\Ana\\Desktop\\Blatt 1.jpg')).toBe('Blatt 1.jpg');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('..\u0000hidden\u202e.jpg')).toBe('hidden.jpg');
    expect(cleanFileName('')).toBe('datei');
    expect(cleanFileName(`${'a'.repeat(300)}.jpeg`)).toBe(`${'a'.repeat(195)}.jpeg`);
    expect(withExtension('IMG_1.HEIC', 'jpg')).toBe('IMG_1.jpg');
    expect(withExtension('foto', 'jpg')).toBe('foto.jpg');
    expect(withExtension('blatt.v2.png', 'jpg')).toBe('blatt.v2.jpg');
  });

  it('write Content-Disposition per RFC 6266 with an ASCII fallback', () => {
    expect(contentDisposition('inline', 'Übung 3 "final".pdf')).toBe(
      `inline; filename="Ubung 3 _final_.pdf"; filename*=UTF-8''%C3%9Cbung%203%20%22final%22.pdf`,
    );
    expect(contentDisposition('attachment', 'a.jpg')).toBe(
      `attachment; filename="a.jpg"; filename*=UTF-8''a.jpg`,
    );
  });
});
