import type * as PdfLib from 'pdf-lib';
import type { PDFContext, PDFPage } from 'pdf-lib';

// Whether a PDF page is a scanner's page: one JPEG that covers the page, nothing else. Such a page is taken
// from the JPEG with sharp (libjpeg: tens of milliseconds) instead of being drawn by pdfjs (hundreds), and
// must then look as a PDF reader shows it. Anything this does not recognise is drawn, which is always right,
// only slower: an image that covers part of the page (a wide strip on a small page), a page cut by its crop
// box, an image turned or flipped by its matrix, a mask, annotations, other content, and CMYK (readers do
// not convert CMYK by an ICC profile as libvips does; pdfjs's conversion is the closer one, see ADR 017).

/** A scanner's page: its JPEG, and how the page shows it. */
export interface ScannedJpeg {
  jpeg: Uint8Array;
  /** The page's /Rotate: 0, 90, 180 or 270 degrees clockwise. */
  rotate: number;
  /** The page as shown (its visible box, turned by `rotate`), in points. */
  width: number;
  height: number;
  /** The image's /Decode array inverts its samples (a negative). */
  invert: boolean;
  /** The JPEG's own size in pixels (as stored, before the page's rotation). */
  pixels: { width: number; height: number };
}

/** How far (a share of the page's side) each edge of the image may lie from the page's edge. */
const EDGE_TOLERANCE = 0.01;

/** Number of components of a colour space the shortcut can show like a reader: grey or RGB; else null. */
function components(context: PDFContext, space: unknown, lib: typeof PdfLib): number | null {
  const { PDFArray, PDFName, PDFNumber, PDFRawStream } = lib;
  if (space === PDFName.of('DeviceGray')) return 1;
  if (space === PDFName.of('DeviceRGB')) return 3;
  if (!(space instanceof PDFArray) || space.size() !== 2) return null;
  const family = space.lookup(0);
  if (family === PDFName.of('CalGray')) return 1;
  if (family === PDFName.of('CalRGB')) return 3;
  if (family !== PDFName.of('ICCBased')) return null;
  const profile = context.lookup(space.get(1));
  const n = profile instanceof PDFRawStream ? profile.dict.lookup(PDFName.of('N')) : undefined;
  return n instanceof PDFNumber && (n.asNumber() === 1 || n.asNumber() === 3) ? n.asNumber() : null;
}

/** The JPEG's frame header: its size and number of components; null when there is none. */
function jpegFrame(jpeg: Uint8Array): { width: number; height: number; components: number } | null {
  const u16 = (at: number) => (jpeg[at]! << 8) | jpeg[at + 1]!;
  let at = 2;
  while (at + 9 < jpeg.length) {
    if (jpeg[at] !== 0xff) return null;
    const marker = jpeg[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    // Start of frame (any coding, not DHT/JPG/DAC): length, precision, height, width, components.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: u16(at + 5), width: u16(at + 7), components: jpeg[at + 9]! };
    if (marker === 0xda) return null;
    at += 2 + u16(at + 2);
  }
  return null;
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/**
 * The matrix the content stream draws the image `name` (with its slash) with, when it does nothing else
 * (only q, Q, cm and one Do); null otherwise.
 */
function imageMatrix(content: string, name: string): Matrix | null {
  const tokens = content.match(/%[^\r\n]*|\/[^\s/[\]()<>{}%]*|[^\s/[\]()<>{}%]+|[[\]()<>{}]/g) ?? [];
  const operands: string[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let drawn: Matrix | null = null;
  for (const token of tokens) {
    if (token.startsWith('%')) continue;
    if (token.startsWith('/') || /^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) {
      operands.push(token);
      continue;
    }
    if (token === 'q' && operands.length === 0) stack.push(ctm);
    else if (token === 'Q' && operands.length === 0 && stack.length > 0) ctm = stack.pop()!;
    else if (token === 'cm' && operands.length === 6 && operands.every((o) => !o.startsWith('/')))
      ctm = multiply(operands.map(Number) as Matrix, ctm);
    else if (token === 'Do' && operands.length === 1 && operands[0] === name && !drawn) drawn = ctm;
    else return null;
    operands.length = 0;
  }
  return operands.length === 0 ? drawn : null;
}

/** The page's visible box (crop box within the media box): [left, bottom, right, top]. */
function visibleBox(page: PDFPage): [number, number, number, number] {
  const media = page.getMediaBox();
  const crop = page.getCropBox();
  return [
    Math.max(media.x, crop.x),
    Math.max(media.y, crop.y),
    Math.min(media.x + media.width, crop.x + crop.width),
    Math.min(media.y + media.height, crop.y + crop.height),
  ];
}

/** The scanner's JPEG of a one-page PDF, if the page is nothing but that JPEG covering it; null otherwise. */
export async function scannedJpeg(bytes: Uint8Array): Promise<ScannedJpeg | null> {
  // A stream's dictionary is never inside an object stream, so a scanner's JPEG names its filter in plain
  // bytes; without them (a text page) pdf-lib's parse is skipped. A filter spelled otherwise (an indirect
  // object, `#` escapes) is drawn, which is always right.
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf('/DCTDecode', 0, 'latin1') < 0)
    return null;
  const lib = await import('pdf-lib');
  const { PDFDocument, PDFDict, PDFName, PDFRawStream, PDFArray, PDFNumber, PDFBool, decodePDFRawStream } =
    lib;
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  if (doc.getPageCount() !== 1) return null;
  const page = doc.getPage(0);
  const rotate = ((page.getRotation().angle % 360) + 360) % 360;
  if (rotate % 90 !== 0) return null;
  // Annotations (stamps, notes, form fields) are drawn over the page by a reader.
  const annots = page.node.lookup(PDFName.of('Annots'));
  if (annots instanceof PDFArray ? annots.size() > 0 : annots !== undefined) return null;

  const resources = page.node.Resources();
  if (!resources) return null;
  for (const [key, value] of resources.entries()) {
    if (key === PDFName.of('ProcSet') || key === PDFName.of('XObject')) continue;
    const entry = doc.context.lookup(value);
    if (!(entry instanceof PDFDict) || entry.entries().length > 0) return null;
  }
  const xobjects = resources.lookup(PDFName.of('XObject'));
  if (!(xobjects instanceof PDFDict) || xobjects.entries().length !== 1) return null;
  const [name, ref] = xobjects.entries()[0]!;
  const image = doc.context.lookup(ref);
  if (!(image instanceof PDFRawStream)) return null;
  const dict = image.dict;
  const get = (key: string) => dict.lookup(PDFName.of(key));
  if (get('Subtype') !== PDFName.of('Image')) return null;
  const filter = get('Filter');
  const only = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
  if (only !== PDFName.of('DCTDecode') || get('DecodeParms') !== undefined) return null;
  if (get('SMask') !== undefined || get('Mask') !== undefined || get('ImageMask') === PDFBool.True)
    return null;
  const bits = get('BitsPerComponent');
  if (!(bits instanceof PDFNumber) || bits.asNumber() !== 8) return null;
  const n = components(doc.context, get('ColorSpace'), lib);
  const frame = jpegFrame(image.contents);
  if (n === null || !frame || frame.components !== n || frame.width === 0 || frame.height === 0) return null;
  // A Decode array of [1 0 …] shows the samples inverted; anything but that or the default is drawn.
  const decode = get('Decode');
  let invert = false;
  if (decode !== undefined) {
    if (!(decode instanceof PDFArray) || decode.size() !== 2 * n) return null;
    const values = decode.asArray().map((v) => (v instanceof PDFNumber ? v.asNumber() : NaN));
    invert = values[0] === 1 && values[1] === 0;
    const plain = values.every((v, i) => v === (invert ? 1 - (i % 2) : i % 2));
    if (!plain) return null;
  }

  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((c) => doc.context.lookup(c)) : [contents];
  let content = '';
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) return null;
    content += `${Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')}\n`;
  }
  const matrix = imageMatrix(content, name.asString());
  if (!matrix) return null;
  const [a, b, c, d, e, f] = matrix;
  const [left, bottom, right, top] = visibleBox(page);
  const width = right - left;
  const height = top - bottom;
  if (width <= 0 || height <= 0) return null;
  // Upright, not flipped, each edge on the page's edge: the image is the page.
  if (a <= 0 || d <= 0 || Math.abs(b) > a * 1e-3 || Math.abs(c) > d * 1e-3) return null;
  const near = (x: number, y: number, side: number) => Math.abs(x - y) <= side * EDGE_TOLERANCE;
  if (
    !near(e, left, width) ||
    !near(e + a, right, width) ||
    !near(f, bottom, height) ||
    !near(f + d, top, height)
  )
    return null;
  const turned = rotate % 180 !== 0;
  return {
    jpeg: image.contents,
    rotate,
    width: turned ? height : width,
    height: turned ? width : height,
    invert,
    pixels: { width: frame.width, height: frame.height },
  };
}
