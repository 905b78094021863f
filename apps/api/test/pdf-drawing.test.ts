import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ZListSubmissionsResponse, ZUploadReceipt } from '@app/contract';
import { eq } from 'drizzle-orm';
import {
  beginText,
  degrees,
  endText,
  moveText,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  setFontAndSize,
  showText,
  StandardFonts,
} from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema';
import { pagePixels, readPageCode, thumbnailWebp } from '../src/lib/page-worker/read-page';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, classroom, type Classroom } from './helpers/classroom';
import {
  bilevel,
  ccittG4,
  difference,
  imagePdf,
  jbig2,
  jpeg2000,
  popplerPage,
  type Bitmap,
} from './helpers/scan-pdfs';
import { bearer, signIn, type SignedIn } from './helpers/tokens';

// Pages are drawn as a PDF reader shows them (ADR 017 "Drawing"): every kind of page a teacher or student
// uploads — copiers' black-and-white scans (JBIG2, CCITT G4), JPEG 2000, CMYK JPEG, grey scans, an image
// stretched over a page of another shape, text in fonts the PDF does not embed, a turned page — is made here
// from a per-student worksheet printed through the API, and its thumbnail is compared with poppler's
// rendering of the same page (pdftoppm -cropbox): the same size (±1 px), and a mean absolute difference per
// pixel (0–255) below the limits each kind states, as it is and after a blur of 1.5 px (where the two
// renderers' antialiasing and font substitutes stop counting). The limits are the measured values plus about
// a quarter (the test prints them); a blank thumbnail is 10–18 off either way, one in inverted colours 250.

const run = promisify(execFile);
const PUBLIC_URL = 'https://schule.example';
const A4: [number, number] = [595.28, 841.89];
const THUMBNAIL = 400;

type Matrix = [number, number, number, number, number, number];

/** Page 1 of the PDF as a PNG at `dpi` (pdftoppm), grey or colour. */
async function rasterise(pdf: Uint8Array, dpi: number, grey: boolean): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'draw-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', [
      '-f',
      '1',
      '-l',
      '1',
      '-r',
      String(dpi),
      ...(grey ? ['-gray'] : []),
      '-png',
      '-singlefile',
      join(dir, 'in.pdf'),
      join(dir, 'p'),
    ]);
    return await readFile(join(dir, 'p.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The page with colour on it: a student's marks in red, blue, green and yellow. */
async function coloured(page: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(page).metadata();
  const block = (w: number, h: number, colour: string, left: number, top: number) => ({
    input: { create: { width: w, height: h, channels: 3 as const, background: colour } },
    left: Math.round(left * width),
    top: Math.round(top * height),
  });
  return sharp(page)
    .toColourspace('srgb')
    .composite([
      block(220, 160, '#d83a2a', 0.1, 0.62),
      block(220, 160, '#2a5fd8', 0.4, 0.62),
      block(220, 160, '#2fae4a', 0.7, 0.62),
      block(500, 60, '#f2d630', 0.1, 0.82),
    ])
    .png()
    .toBuffer();
}

const size = async (image: Buffer) => {
  const { width, height } = await sharp(image).metadata();
  return { width, height };
};

/** A page of text in the standard fonts, which pdf-lib (like our worksheets) names without embedding. */
async function standardFontsPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  const fonts = [
    StandardFonts.Helvetica,
    StandardFonts.HelveticaBold,
    StandardFonts.TimesRoman,
    StandardFonts.Courier,
  ];
  for (let line = 0; line < 36; line++) {
    const font = await doc.embedFont(fonts[line % fonts.length]!);
    page.drawText(`${line + 1}. Größe ÄÖÜ äöü ß – Brüche kürzen: 6/8 = 3/4`, {
      x: 50,
      y: 780 - line * 20,
      size: 15,
      font,
    });
  }
  return Buffer.from(await doc.save());
}

/** A page as a word processor writes it: 50 lines of text in an embedded TrueType subset. */
async function wordProcessorPdf(): Promise<Buffer> {
  const fontkit = (await import('@pdf-lib/fontkit')).default;
  const fontFile = join(
    dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts',
    'LiberationSans-Regular.ttf',
  );
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await readFile(fontFile), { subset: true });
  const page = doc.addPage(A4);
  for (let line = 0; line < 50; line++)
    page.drawText(`${line + 1}. Lies den Text und beantworte die Fragen: Wer, wann, wo, warum – und wie?`, {
      x: 50,
      y: 790 - line * 15,
      size: 11,
      font,
    });
  return Buffer.from(await doc.save());
}

/**
 * Japanese in a CID font the PDF only names (Kozuka Mincho, Adobe-Japan1, UniJIS-UCS2-H: the CMap maps the
 * codes), with a line of Latin in Helvetica below. No Japanese font is available offline: those glyphs may
 * stay empty (as in poppler without one), the Latin line must show.
 */
async function japanesePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  const ctx = doc.context;
  const descriptor = ctx.register(
    ctx.obj({
      Type: 'FontDescriptor',
      FontName: 'KozMinPr6N-Regular',
      Flags: 4,
      FontBBox: [-437, -340, 1147, 1317],
      ItalicAngle: 0,
      Ascent: 1317,
      Descent: -349,
      CapHeight: 742,
      StemV: 80,
    }),
  );
  const cidFont = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'CIDFontType0',
      BaseFont: 'KozMinPr6N-Regular',
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Japan1'), Supplement: 6 },
      FontDescriptor: descriptor,
      DW: 1000,
    }),
  );
  const font = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: 'KozMinPr6N-Regular',
      Encoding: 'UniJIS-UCS2-H',
      DescendantFonts: [cidFont],
    }),
  );
  page.node.setFontDictionary(PDFName.of('F1'), font);
  // 日本語のテスト
  page.pushOperators(
    beginText(),
    setFontAndSize('F1', 40),
    moveText(50, 700),
    showText(PDFHexString.of('65E5672C8A9E306E30C630B930C8')),
    endText(),
  );
  const latin = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Japanisch: Nihongo no tesuto', { x: 50, y: 600, size: 36, font: latin });
  return Buffer.from(await doc.save());
}

/** Pixels darker than mid-grey in a band of the image (from `top` to `bottom`, shares of its height). */
async function darkPixels(image: Buffer, top: number, bottom: number): Promise<number> {
  const { width, height } = await size(image);
  const { data } = await sharp(image)
    .extract({ left: 0, top: Math.round(top * height), width, height: Math.round((bottom - top) * height) })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data.filter((v) => v < 128).length;
}

interface Kind {
  name: string;
  pdf: () => Promise<Buffer>;
  /**
   * Most the thumbnail may differ from poppler's, mean per pixel (0–255): grey, the worst colour channel,
   * and grey after a blur of 1.5 px (helpers/scan-pdfs.ts `difference`).
   */
  limits: { grey: number; colour?: number; blurred: number };
  /** The thumbnail's long side: 400, less for a scan with fewer pixels (never enlarged). */
  longSide?: number;
}

describe('Drawing PDF pages as a reader does', () => {
  let t: TestApp;
  let owner: SignedIn;
  let room: Classroom;
  /** The student's worksheet (vector text and QR code), and its page 1 scanned at 150 dpi, grey. */
  let worksheet: Buffer;
  let scanned: Buffer;
  let bitmap: Bitmap;
  let studentId: string;
  const measured: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite', env: { PUBLIC_URL } });
    owner = await signIn(t.app);
    room = await classroom(t.app, owner, { students: 1, rubric: false });
    await t.app.db
      .update(tasks)
      .set({
        // A page full of text, as a teacher's worksheet often is.
        data: {
          type: 'doc',
          content: Array.from({ length: 30 }, (_, i) => ({
            type: 'paragraph',
            content: [
              { type: 'text', text: `Aufgabe ${i + 1}: Kürze ${6 + i}/${8 + 2 * i} und erkläre, warum. ` },
            ],
          })),
        },
      })
      .where(eq(tasks.id, room.task.id));
    const sheet = await owner.call('GET', `/api/tasks/${room.task.id}/worksheet.pdf?perStudent=1`);
    expect(sheet.statusCode).toBe(200);
    worksheet = sheet.rawPayload;
    scanned = await rasterise(worksheet, 150, true);
    bitmap = await bilevel(scanned);
    const list = ZListSubmissionsResponse.parse(
      (await owner.call('GET', `/api/submissions/getAll?taskId=${room.task.id}`)).json(),
    ).data;
    studentId = list[0]!.student_id!;
  }, 120_000);
  afterAll(async () => {
    console.log(`pdf drawing, thumbnail vs poppler (mean |Δ| of 255):\n${measured.join('\n')}`);
    await t?.close();
  });

  const g4Parms = () => ({ K: -1, Columns: bitmap.width, Rows: bitmap.height });
  const bw = (filter: string, bytes: Uint8Array, parms?: Record<string, unknown>) => ({
    bytes,
    dict: {
      Width: bitmap.width,
      Height: bitmap.height,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 1,
      Filter: filter,
      ...(parms ? { DecodeParms: parms } : {}),
    },
  });
  const jpegDict = async (jpeg: Buffer, extra: Record<string, unknown> = {}) => {
    const { width, height, channels } = await sharp(jpeg).metadata();
    const space = ({ 1: 'DeviceGray', 3: 'DeviceRGB', 4: 'DeviceCMYK' } as Record<number, string>)[channels]!;
    return {
      Width: width,
      Height: height,
      ColorSpace: space,
      BitsPerComponent: 8,
      Filter: 'DCTDecode',
      ...extra,
    };
  };
  // Made once each, the first time a page needs them.
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => (made ??= make());
  };
  const colour = once(() => coloured(scanned));
  const jbig2Scan = once(async () => jbig2(bitmap));
  const cmyk = once(async () =>
    sharp(await colour())
      .toColourspace('cmyk')
      .jpeg({ quality: 90 })
      .toBuffer(),
  );

  const wide = once(async () =>
    sharp(await colour())
      .rotate(90)
      .resize(40000, 512, { fit: 'fill' })
      .jpeg({ quality: 70 })
      .toBuffer(),
  );
  const colourJpeg = once(async () =>
    sharp(await colour())
      .jpeg({ quality: 85 })
      .toBuffer(),
  );

  const kinds: Kind[] = [
    {
      name: 'worksheet as printed (vector text and QR code)',
      pdf: async () => worksheet,
      limits: { grey: 8, blurred: 3.5 },
    },
    {
      name: 'JBIG2 scan (copier, generic region)',
      pdf: async () => imagePdf({ size: A4, image: bw('JBIG2Decode', await jbig2Scan()) }),
      limits: { grey: 10, blurred: 4 },
    },
    {
      name: 'CCITT G4 scan',
      pdf: async () => imagePdf({ size: A4, image: bw('CCITTFaxDecode', await ccittG4(bitmap), g4Parms()) }),
      limits: { grey: 10, blurred: 4 },
    },
    {
      name: 'JPEG 2000 scan (colour)',
      pdf: async () => {
        const page = await colour();
        const { width, height } = await size(page);
        const dict = { Width: width, Height: height, Filter: 'JPXDecode' };
        return imagePdf({ size: A4, image: { bytes: await jpeg2000(page), dict } });
      },
      limits: { grey: 9, colour: 10, blurred: 4 },
    },
    {
      name: 'CMYK JPEG (Adobe, stored inverted, /Decode [1 0 …])',
      pdf: async () => {
        const jpeg = await cmyk();
        const dict = await jpegDict(jpeg, { Decode: [1, 0, 1, 0, 1, 0, 1, 0] });
        return imagePdf({ size: A4, image: { bytes: jpeg, dict } });
      },
      limits: { grey: 9, colour: 10, blurred: 4 },
    },
    {
      name: 'CMYK JPEG (Adobe, no /Decode: a reader shows it inverted)',
      pdf: async () => {
        const jpeg = await cmyk();
        return imagePdf({ size: A4, image: { bytes: jpeg, dict: await jpegDict(jpeg) } });
      },
      // Dark all over, where pdfjs's and poppler's CMYK conversions differ most; a blank page is 252 off.
      limits: { grey: 9, colour: 16, blurred: 8 },
    },
    {
      name: 'grey JPEG scan',
      pdf: async () => {
        const jpeg = await sharp(scanned).toColourspace('b-w').jpeg({ quality: 80 }).toBuffer();
        return imagePdf({ size: A4, image: { bytes: jpeg, dict: await jpegDict(jpeg) } });
      },
      limits: { grey: 8, blurred: 3.5 },
    },
    {
      name: 'JPEG scan shrunk into the middle of the page (margins: drawn)',
      pdf: async () => {
        const jpeg = await colourJpeg();
        const matrix: Matrix = [A4[0] * 0.8, 0, 0, A4[1] * 0.8, A4[0] * 0.1, A4[1] * 0.1];
        return imagePdf({ size: A4, image: { bytes: jpeg, dict: await jpegDict(jpeg) }, matrix });
      },
      limits: { grey: 8, colour: 9, blurred: 3.5 },
    },
    {
      name: 'small JPEG (200×150) stretched over a letter page',
      pdf: async () => {
        const jpeg = await sharp(await colour())
          .resize(200, 150, { fit: 'fill' })
          .jpeg()
          .toBuffer();
        return imagePdf({ size: [612, 792], image: { bytes: jpeg, dict: await jpegDict(jpeg) } });
      },
      limits: { grey: 7, colour: 8, blurred: 4.5 },
      // 200 px across 612 pt: the page at that resolution is 259 px high.
      longSide: 259,
    },
    {
      name: 'wide JPEG (40000×512) stretched over a 500×125 page',
      pdf: async () => {
        const jpeg = await wide();
        return imagePdf({ size: [500, 125], image: { bytes: jpeg, dict: await jpegDict(jpeg) } });
      },
      limits: { grey: 9, colour: 10, blurred: 5 },
    },
    {
      name: 'wide JPEG (40000×512) at its own aspect across a 500×125 page',
      pdf: async () => {
        const jpeg = await wide();
        const matrix: Matrix = [500, 0, 0, 6.4, 0, 59.3];
        return imagePdf({ size: [500, 125], image: { bytes: jpeg, dict: await jpegDict(jpeg) }, matrix });
      },
      limits: { grey: 6, colour: 8, blurred: 4 },
    },
    {
      name: 'JPEG scan turned by /Rotate 90',
      pdf: async () => {
        const jpeg = await colourJpeg();
        return imagePdf({ size: A4, image: { bytes: jpeg, dict: await jpegDict(jpeg) }, rotate: 90 });
      },
      limits: { grey: 6, colour: 7, blurred: 2.5 },
    },
    {
      name: 'JBIG2 scan turned by /Rotate 270, cut by a crop box',
      pdf: async () =>
        imagePdf({
          size: A4,
          image: bw('JBIG2Decode', await jbig2Scan()),
          rotate: 270,
          cropBox: [20, 300, 500, 500],
        }),
      // Larger than the other scans (0.8 px a point instead of 0.48): more edges where antialiasing differs.
      limits: { grey: 15, blurred: 6 },
    },
    {
      name: 'worksheet turned by /Rotate 90',
      pdf: async () => {
        const doc = await PDFDocument.load(worksheet);
        doc.getPage(0).setRotation(degrees(90));
        return Buffer.from(await doc.save());
      },
      limits: { grey: 9, blurred: 2.5 },
    },
    {
      name: 'text in the standard fonts, not embedded',
      pdf: standardFontsPdf,
      // pdfjs draws Times and Courier with its Foxit fonts, poppler with Liberation Serif and Mono: the
      // glyphs differ, the lines are the same (blurred: 6 of a blank page's 17).
      limits: { grey: 16, blurred: 7.5 },
    },
    {
      name: 'Japanese font not embedded, Latin below',
      pdf: japanesePdf,
      limits: { grey: 3, blurred: 1.8 },
    },
  ];

  it.each(kinds)('draws the thumbnail of $name like poppler', async (kind) => {
    const pdf = await kind.pdf();
    const ours = Buffer.from(await thumbnailWebp(pdf, 'application/pdf'));
    const longSide = kind.longSide ?? THUMBNAIL;
    const theirs = await popplerPage(pdf, longSide);
    const [a, b] = [await size(ours), await size(theirs)];
    const sizes = `${a.width}×${a.height} vs ${b.width}×${b.height}`;
    expect(Math.max(a.width, a.height)).toBe(longSide);
    expect(Math.abs(a.width - b.width), sizes).toBeLessThanOrEqual(1);
    expect(Math.abs(a.height - b.height), sizes).toBeLessThanOrEqual(1);
    const diff = await difference(ours, theirs);
    const white = await sharp({ create: { ...a, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const blank = await difference(white, theirs);
    measured.push(
      `  ${kind.name}: ${a.width}×${a.height}, grey ${diff.grey.toFixed(2)}, colour ${diff.colour.toFixed(2)}, ` +
        `blurred ${diff.blurred.toFixed(2)} (a blank page: ${blank.grey.toFixed(2)})`,
    );
    expect(diff.grey).toBeLessThanOrEqual(kind.limits.grey);
    expect(diff.blurred).toBeLessThanOrEqual(kind.limits.blurred);
    if (kind.limits.colour !== undefined) expect(diff.colour).toBeLessThanOrEqual(kind.limits.colour);
  });

  it('shows the Latin text next to a Japanese font that is not embedded', async () => {
    const thumbnail = Buffer.from(await thumbnailWebp(await japanesePdf(), 'application/pdf'));
    // The Latin line (baseline 600 pt above the bottom of 842) is there: dark pixels in its band.
    expect(await darkPixels(thumbnail, 0.24, 0.29)).toBeGreaterThan(150);
  });

  it('reads the worksheet’s code on its JBIG2 and CCITT scans', async () => {
    const expected = `${PUBLIC_URL}/submit/${room.task.id}?s=`;
    for (const pdf of [
      await imagePdf({ size: A4, image: bw('JBIG2Decode', await jbig2Scan()) }),
      await imagePdf({
        size: A4,
        image: bw('CCITTFaxDecode', await ccittG4(bitmap), g4Parms()),
      }),
    ])
      expect(await readPageCode(pdf, 'application/pdf')).toContain(expected);
  });

  it('serves the thumbnail of an uploaded JBIG2 scan like poppler draws it', async () => {
    const pdf = await imagePdf({ size: A4, image: bw('JBIG2Decode', await jbig2Scan()) });
    const form = new FormData();
    form.append('studentId', studentId);
    form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'kopierer.pdf');
    const res = await fetch(`${await baseUrlOf(t.app)}/api/submissions/teacherupload/${room.task.id}`, {
      method: 'POST',
      body: form,
      headers: bearer(owner.token),
    });
    expect(res.status).toBe(200);
    const [file] = ZUploadReceipt.parse(await res.json()).received;
    const thumbnail = await owner.call('GET', `/api/files/${file!.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const diff = await difference(thumbnail.rawPayload, await popplerPage(pdf, THUMBNAIL));
    measured.push(
      `  route thumbnail of the JBIG2 scan: grey ${diff.grey.toFixed(2)}, blurred ${diff.blurred.toFixed(2)}`,
    );
    expect(diff.grey).toBeLessThanOrEqual(10);
    expect(diff.blurred).toBeLessThanOrEqual(4);
  });

  it('draws a text page in about the time a scanned page takes', async () => {
    // What a page of a stack costs before its code is looked for (1800 px, as readPageCode takes it), each
    // a single-page PDF as the stack upload stores them: the worksheet as printed (vector text and QR
    // code), a word processor's page (an embedded TrueType subset), the worksheet's
    // 150-dpi JPEG scan (taken from the JPEG) and its JBIG2 scan (drawn). CPU time of this process, best of
    // 5 after a warm-up. Measured on a busy 2-core machine: text 100–140 ms, JPEG 80–115 ms, JBIG2 ~180 ms;
    // the limit catches fonts or pdfjs set up again for seconds, not noise.
    const jpeg = await sharp(await rasterise(worksheet, 150, false))
      .jpeg({ quality: 80 })
      .toBuffer();
    const scan = await imagePdf({ size: A4, image: { bytes: jpeg, dict: await jpegDict(jpeg) } });
    const cpu = () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    };
    const best = async (pdf: Buffer) => {
      await pagePixels(pdf, 'application/pdf', 1800);
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = cpu();
        await pagePixels(pdf, 'application/pdf', 1800);
        times.push(cpu() - started);
      }
      return Math.min(...times);
    };
    const single = await PDFDocument.create({ updateMetadata: false });
    const [first] = await single.copyPages(await PDFDocument.load(worksheet), [0]);
    single.addPage(first);
    const printed = await best(Buffer.from(await single.save()));
    const written = await best(await wordProcessorPdf());
    const scanCpu = await best(scan);
    const jbig2Cpu = await best(await imagePdf({ size: A4, image: bw('JBIG2Decode', await jbig2Scan()) }));
    measured.push(
      `  CPU per page at 1800 px: worksheet ${printed.toFixed(0)} ms, word processor ${written.toFixed(0)} ms, ` +
        `JPEG scan ${scanCpu.toFixed(0)} ms, JBIG2 scan ${jbig2Cpu.toFixed(0)} ms`,
    );
    for (const text of [printed, written]) expect(text).toBeLessThan(Math.max(3 * scanCpu, 300));
  });
});
