import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  concatTransformationMatrix,
  degrees,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import sharp from 'sharp';

// PDFs as office copiers and scanners write them, made here from a rasterised page: black and white as JBIG2
// (a generic region, arithmetic coded: what copiers' "scan to PDF" writes without a symbol dictionary) or
// CCITT G4, colour as JPEG 2000 or CMYK JPEG, each image placed on a page of its own. No JBIG2 encoder is
// packaged for Debian, hence the small one below (ITU-T T.88); G4 comes from libtiff through sharp, JPEG 2000
// from OpenJPEG's opj_compress (libopenjp2-tools, installed by .ci/run).

const run = promisify(execFile);

/** A black-and-white image, one byte a pixel, 1 = black. */
export interface Bitmap {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** The image as black and white: grey below `threshold` is black, as a copier's scan mode does. */
export async function bilevel(image: Buffer, threshold = 160): Promise<Bitmap> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(info.width * info.height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = data[i * info.channels]! < threshold ? 1 : 0;
  return { width: info.width, height: info.height, pixels };
}

/** The bitmap as 8-bit grey (0 black, 255 white). */
export function greyOf(bitmap: Bitmap): Buffer {
  return Buffer.from(bitmap.pixels.map((p) => (p ? 0 : 255)));
}

// --- JBIG2 -------------------------------------------------------------------------------------------------

/** The MQ coder's probability states (T.88 Table E.1): Qe, next index after an MPS, after an LPS, switch. */
const QE: ReadonlyArray<readonly [number, number, number, number]> = [
  [0x5601, 1, 1, 1],
  [0x3401, 2, 6, 0],
  [0x1801, 3, 9, 0],
  [0x0ac1, 4, 12, 0],
  [0x0521, 5, 29, 0],
  [0x0221, 38, 33, 0],
  [0x5601, 7, 6, 1],
  [0x5401, 8, 14, 0],
  [0x4801, 9, 14, 0],
  [0x3801, 10, 14, 0],
  [0x3001, 11, 17, 0],
  [0x2401, 12, 18, 0],
  [0x1c01, 13, 20, 0],
  [0x1601, 29, 21, 0],
  [0x5601, 15, 14, 1],
  [0x5401, 16, 14, 0],
  [0x5101, 17, 15, 0],
  [0x4801, 18, 16, 0],
  [0x3801, 19, 17, 0],
  [0x3401, 20, 18, 0],
  [0x3001, 21, 19, 0],
  [0x2801, 22, 19, 0],
  [0x2401, 23, 20, 0],
  [0x2201, 24, 21, 0],
  [0x1c01, 25, 22, 0],
  [0x1801, 26, 23, 0],
  [0x1601, 27, 24, 0],
  [0x1401, 28, 25, 0],
  [0x1201, 29, 26, 0],
  [0x1101, 30, 27, 0],
  [0x0ac1, 31, 28, 0],
  [0x09c1, 32, 29, 0],
  [0x08a1, 33, 30, 0],
  [0x0521, 34, 31, 0],
  [0x0441, 35, 32, 0],
  [0x02a1, 36, 33, 0],
  [0x0221, 37, 34, 0],
  [0x0141, 38, 35, 0],
  [0x0111, 39, 36, 0],
  [0x0085, 40, 37, 0],
  [0x0049, 41, 38, 0],
  [0x0025, 42, 39, 0],
  [0x0015, 43, 40, 0],
  [0x0009, 44, 41, 0],
  [0x0005, 45, 42, 0],
  [0x0001, 45, 43, 0],
  [0x5601, 46, 46, 0],
];

/** The MQ arithmetic encoder (T.88 Annex E.2), 16-bit contexts. */
class MqEncoder {
  private a = 0x8000;
  private c = 0;
  private ct = 12;
  private b = 0;
  /** Whether `b` is a real byte yet (the one before the first is not written). */
  private started = false;
  private readonly out: number[] = [];
  private readonly index = new Uint8Array(1 << 16);
  private readonly mps = new Uint8Array(1 << 16);

  encode(cx: number, bit: number): void {
    const [qe, nmps, nlps, swap] = QE[this.index[cx]!]!;
    this.a -= qe;
    if (bit === this.mps[cx]) {
      if (this.a & 0x8000) {
        this.c += qe;
        return;
      }
      if (this.a < qe) this.a = qe;
      else this.c += qe;
      this.index[cx] = nmps;
    } else {
      if (this.a < qe) this.c += qe;
      else this.a = qe;
      if (swap) this.mps[cx] = 1 - this.mps[cx]!;
      this.index[cx] = nlps;
    }
    do {
      this.a *= 2;
      this.c *= 2;
      if (--this.ct === 0) this.byteOut();
    } while (!(this.a & 0x8000));
  }

  private next(byte: number): void {
    if (this.started) this.out.push(this.b);
    this.started = true;
    this.b = byte;
  }

  private byteOut(): void {
    if (this.b === 0xff) {
      this.next(Math.floor(this.c / 2 ** 20));
      this.c %= 2 ** 20;
      this.ct = 7;
      return;
    }
    if (this.c >= 0x8000000) {
      this.b += 1;
      this.c %= 0x8000000;
      if (this.b === 0xff) {
        this.next(Math.floor(this.c / 2 ** 20));
        this.c %= 2 ** 20;
        this.ct = 7;
        return;
      }
    }
    this.next(Math.floor(this.c / 2 ** 19));
    this.c %= 2 ** 19;
    this.ct = 8;
  }

  /** The coded bytes, flushed and ended with the marker 0xFF 0xAC (T.88 E.2.9). */
  finish(): Uint8Array {
    const top = this.c + this.a;
    this.c = this.c - (this.c % 0x10000) + 0xffff;
    if (this.c >= top) this.c -= 0x8000;
    this.c *= 2 ** this.ct;
    this.byteOut();
    this.c *= 2 ** this.ct;
    this.byteOut();
    this.out.push(this.b);
    if (this.b !== 0xff) this.out.push(0xff);
    this.out.push(0xac);
    return Uint8Array.from(this.out);
  }
}

/** Template 0's 16 neighbours (x, y), with the adaptive pixels at their nominal places (T.88 6.2.5.3). */
const TEMPLATE_0: ReadonlyArray<readonly [number, number]> = [
  [-1, -2],
  [0, -2],
  [1, -2],
  [2, -2], // A3
  [-2, -2], // A4
  [-3, -1], // A2
  [-2, -1],
  [-1, -1],
  [0, -1],
  [1, -1],
  [2, -1],
  [3, -1], // A1
  [-4, 0],
  [-3, 0],
  [-2, 0],
  [-1, 0],
];

function u32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function segment(number: number, type: number, data: number[] | Uint8Array): number[] {
  // Header: number, type (1-byte page association), no referred-to segments, page 1, data length.
  return [...u32(number), type, 0, 1, ...u32(data.length), ...data];
}

/**
 * The bitmap as a JBIG2 stream for a PDF (embedded organisation, no file header or end segments): a page
 * information segment and one immediate generic region, template 0, arithmetic coded. Any order of the 16
 * context pixels works, the decoder's states follow the same neighbourhoods.
 */
export function jbig2(bitmap: Bitmap): Uint8Array {
  const { width, height, pixels } = bitmap;
  const at = (x: number, y: number) =>
    x >= 0 && x < width && y >= 0 && y < height ? pixels[y * width + x]! : 0;
  const coder = new MqEncoder();
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let cx = 0;
      for (const [dx, dy] of TEMPLATE_0) cx = (cx << 1) | at(x + dx, y + dy);
      coder.encode(cx, pixels[y * width + x]!);
    }
  const pageInfo = [...u32(width), ...u32(height), ...u32(0), ...u32(0), 0, 0, 0];
  const region = [
    ...[...u32(width), ...u32(height), ...u32(0), ...u32(0), 0],
    // Generic region flags: arithmetic, template 0, no typical prediction; the adaptive pixels A1–A4.
    0,
    ...[3, -1, -3, -1, 2, -2, -2, -2].map((v) => v & 0xff),
    ...coder.finish(),
  ];
  return Uint8Array.from([...segment(0, 48, pageInfo), ...segment(1, 38, region)]);
}

// --- CCITT G4 ----------------------------------------------------------------------------------------------

/** The bitmap coded as CCITT Group 4 (T.6), white runs first as in a fax: libtiff's encoder, one strip. */
export async function ccittG4(bitmap: Bitmap): Promise<Uint8Array> {
  const tiff = await sharp(greyOf(bitmap), {
    raw: { width: bitmap.width, height: bitmap.height, channels: 1 },
  })
    .toColourspace('b-w')
    .tiff({ compression: 'ccittfax4', bitdepth: 1, miniswhite: true, tileHeight: bitmap.height })
    .toBuffer();
  const le = tiff[0] === 0x49;
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32at = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32at(4);
  const tags = new Map<number, { count: number; value: number }>();
  for (let i = 0; i < u16(ifd); i++) {
    const entry = ifd + 2 + i * 12;
    const type = u16(entry + 2);
    tags.set(u16(entry), { count: u32at(entry + 4), value: type === 3 ? u16(entry + 8) : u32at(entry + 8) });
  }
  const offsets = tags.get(273)!;
  const counts = tags.get(279)!;
  if (offsets.count !== 1 || tags.get(259)!.value !== 4 || tags.get(262)!.value !== 0)
    throw new Error('expected one G4 strip, white = 0');
  return tiff.subarray(offsets.value, offsets.value + counts.value);
}

// --- JPEG 2000 ---------------------------------------------------------------------------------------------

/** The image (grey or RGB) as a JP2 file, lossy at `ratio`:1, by OpenJPEG. */
export async function jpeg2000(image: Buffer, ratio = 20): Promise<Uint8Array> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const dir = await mkdtemp(join(tmpdir(), 'jp2-'));
  try {
    const grey = info.channels === 1;
    const input = join(dir, grey ? 'in.pgm' : 'in.ppm');
    await writeFile(
      input,
      Buffer.concat([Buffer.from(`${grey ? 'P5' : 'P6'}\n${info.width} ${info.height}\n255\n`), data]),
    );
    await run('opj_compress', ['-i', input, '-o', join(dir, 'out.jp2'), '-r', String(ratio)]);
    return new Uint8Array(await readFile(join(dir, 'out.jp2')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// --- PDF ---------------------------------------------------------------------------------------------------

export interface ImagePage {
  /** Page size in points (the media box). */
  size: [number, number];
  /** The image stream's bytes and its dictionary (Width, Height, Filter, ColorSpace…; Length is added). */
  image: { bytes: Uint8Array; dict: Record<string, unknown> };
  /** Where the image goes, as the `cm` matrix [a b c d e f]; the whole media box when left out. */
  matrix?: [number, number, number, number, number, number];
  rotate?: number;
  cropBox?: [number, number, number, number];
}

/** A one-page PDF holding one image: what a scanner or copier writes. */
export async function imagePdf(spec: ImagePage): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage(spec.size);
  const ref = doc.context.register(
    doc.context.stream(spec.image.bytes, { Type: 'XObject', Subtype: 'Image', ...spec.image.dict }),
  );
  page.node.setXObject(PDFName.of('Im0'), ref);
  const [a, b, c, d, e, f] = spec.matrix ?? [spec.size[0], 0, 0, spec.size[1], 0, 0];
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(a, b, c, d, e, f),
    drawObject('Im0'),
    popGraphicsState(),
  );
  if (spec.rotate) page.setRotation(degrees(spec.rotate));
  if (spec.cropBox) page.setCropBox(...spec.cropBox);
  return Buffer.from(await doc.save());
}

/** The page of `pdf` as poppler (pdftoppm) shows it (its crop box), its long side `longSide` pixels, RGB. */
export async function popplerPage(pdf: Buffer, longSide: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'poppler-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', [
      '-f',
      '1',
      '-l',
      '1',
      '-cropbox',
      '-scale-to',
      String(longSide),
      '-png',
      '-singlefile',
      join(dir, 'in.pdf'),
      join(dir, 'out'),
    ]);
    return await readFile(join(dir, 'out.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * How far `ours` is from `reference`, both as RGB at `ours`'s size (the reference resized when a pixel off):
 * the mean absolute difference (0–255) of grey, of the worst of the three channels, and of grey after a
 * blur of 1.5 px on both. Text in a thumbnail is finer than a pixel, where two renderers' antialiasing and
 * font substitutes differ by 5–15 on their own; blurred, what remains is where ink and colour are.
 */
export async function difference(ours: Buffer, reference: Buffer) {
  const { width, height } = await sharp(ours).metadata();
  const rgb = (image: Buffer, blur: boolean) => {
    const pipeline = sharp(image)
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .toColourspace('srgb')
      .resize(width, height, { fit: 'fill' });
    return (blur ? pipeline.blur(1.5) : pipeline).raw().toBuffer();
  };
  const measure = (a: Buffer, b: Buffer) => {
    let grey = 0;
    const channel = [0, 0, 0];
    const weight = [0.299, 0.587, 0.114];
    for (let i = 0; i < width * height; i++) {
      let ga = 0;
      let gb = 0;
      for (let k = 0; k < 3; k++) {
        const va = a[i * 3 + k]!;
        const vb = b[i * 3 + k]!;
        channel[k]! += Math.abs(va - vb);
        ga += weight[k]! * va;
        gb += weight[k]! * vb;
      }
      grey += Math.abs(ga - gb);
    }
    return { grey: grey / (width * height), colour: Math.max(...channel) / (width * height) };
  };
  const sharpDiff = measure(await rgb(ours, false), await rgb(reference, false));
  const blurred = measure(await rgb(ours, true), await rgb(reference, true));
  return { ...sharpDiff, blurred: blurred.grey };
}
