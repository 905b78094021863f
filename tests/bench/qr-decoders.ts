// `pnpm bench:qr`: how well the page worker reads the worksheet's QR code from poor scans (ADR 017). A class's
// per-student worksheet is printed through the API (GET /api/tasks/:id/worksheet.pdf?perStudent=1),
// rasterised with poppler's pdftoppm as a scanner would, and degraded with sharp: 100 dpi black and white
// (pdftoppm's fax-like 1-bit rendering, and a grey scan thresholded at half), 150 dpi, skewed ±3°, JPEG
// quality 40, phone photos at 7° perspective with a shadow (near, from afar, sent through a messenger),
// upside down, grey on grey, 72 dpi (2 px per module). Each page is read by jsQR as the worker did before
// (corners, page, enlarged and inverted), by ZXing-C++ (zxing-wasm) in several ways, and by the shipped
// readPageCode; then zxing's options on the whole page. Prints the pages read correctly and the CPU ms per
// page (process CPU time, decoding the image included: stable on a shared machine, where wall time is not).
// Needs poppler-utils; BENCH_QR_STUDENTS sets the class size (4: 16 pages), BENCH_QR_OPTIONS=0 skips the
// options table. Not a timed test: it prints figures.
import { Writable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import type {} from '../../apps/api/src/types';
import type { RgbaImage } from '../../apps/api/src/lib/page-worker/pdf-pages';
import { buildApp } from '../../apps/api/src/app';
import { jsqrDecode, zxingDecode, type ZxingOptions } from '../../apps/api/src/lib/page-worker/decoders';
import { readPageCode } from '../../apps/api/src/lib/page-worker/read-page';
import { loadEnv } from '../../apps/api/src/env';
import { classroom } from '../../apps/api/test/helpers/classroom';
import { testDatabase } from '../../apps/api/test/helpers/database';
import { greyOnGrey, phonePhoto, rasterisePng } from '../../apps/api/test/helpers/poor-scans';
import { signIn } from '../../apps/api/test/helpers/tokens';

const STUDENTS = Number(process.env.BENCH_QR_STUDENTS ?? 4);

/** Two pages per student: long enough content. */
const CONTENT = {
  type: 'doc',
  content: Array.from({ length: 40 }, (_, i) => ({
    type: 'paragraph',
    content: [
      { type: 'text', text: `Aufgabe ${i + 1}: ${'Kürze den Bruch und begründe jeden Schritt. '.repeat(5)}` },
    ],
  })),
};

async function worksheet(): Promise<Buffer> {
  const database = await testDatabase('pglite');
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO: '0',
    PUBLIC_URL: 'https://klassenzimmer.gymnasium-beispielstadt.de',
    ...database.env,
  });
  const logStream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const app = await buildApp(env, { logStream, controlSocket: false });
  try {
    await app.ready();
    const teacher = await signIn(app);
    const room = await classroom(app, teacher, { students: STUDENTS, rubric: false });
    const patched = await teacher.call('PATCH', `/api/tasks/${room.task.id}`, { data: CONTENT });
    if (patched.statusCode !== 200) throw new Error(`task ${patched.statusCode}: ${patched.body}`);
    const res = await teacher.call('GET', `/api/tasks/${room.task.id}/worksheet.pdf?perStudent=1`);
    if (res.statusCode !== 200) throw new Error(`worksheet ${res.statusCode}: ${res.body}`);
    return res.rawPayload;
  } finally {
    await app.close();
    await database.cleanup();
  }
}

interface Scan {
  bytes: Buffer;
  mime: string;
}
const jpeg = (image: Sharp, quality = 80) => image.jpeg({ quality }).toBuffer();
const asJpeg = async (image: Sharp, quality = 80): Promise<Scan> => ({
  bytes: await jpeg(image, quality),
  mime: 'image/jpeg',
});

interface Degradation {
  name: string;
  dpi: number;
  mono?: boolean;
  make(png: Buffer, i: number): Promise<Scan>;
}

const DEGRADATIONS: Degradation[] = [
  { name: '150 dpi', dpi: 150, make: (png) => asJpeg(sharp(png)) },
  { name: '100 dpi grey', dpi: 100, make: (png) => asJpeg(sharp(png)) },
  {
    // Lossless, as a copier stores 1 bit a pixel.
    name: '100 dpi b/w, fax-like',
    dpi: 100,
    mono: true,
    make: async (png) => ({ bytes: png, mime: 'image/png' }),
  },
  {
    name: '100 dpi b/w, threshold ½',
    dpi: 100,
    make: async (png) => ({ bytes: await sharp(png).threshold(128).png().toBuffer(), mime: 'image/png' }),
  },
  {
    name: 'skew ±3°',
    dpi: 150,
    make: (png, i) => asJpeg(sharp(png).rotate(i % 2 ? 3 : -3, { background: '#ffffff' })),
  },
  { name: 'JPEG quality 40', dpi: 150, make: (png) => asJpeg(sharp(png), 40) },
  {
    name: 'photo 7°, shadow',
    dpi: 200,
    make: async (png) => ({
      bytes: await phonePhoto(png, { size: 3200, fill: 0.8, blur: 1, quality: 85 }),
      mime: 'image/jpeg',
    }),
  },
  {
    // 12 MP, the page on half the photo's height, soft.
    name: 'photo 7°, shadow, afar',
    dpi: 200,
    make: async (png) => ({
      bytes: await phonePhoto(png, { size: 4000, fill: 0.5, blur: 2, quality: 85 }),
      mime: 'image/jpeg',
    }),
  },
  {
    // As a messenger sends it: 1600 px, JPEG 70.
    name: 'photo 7°, shadow, 1600 px',
    dpi: 200,
    make: async (png) => ({
      bytes: await phonePhoto(png, { size: 1600, fill: 0.7, blur: 1, quality: 70 }),
      mime: 'image/jpeg',
    }),
  },
  { name: 'upside down', dpi: 150, make: (png) => asJpeg(sharp(png).rotate(180)) },
  {
    // Ink at 145, paper at 190: a faint copy scanned in grey.
    name: 'grey on grey',
    dpi: 150,
    make: async (png) => ({ bytes: await greyOnGrey(png), mime: 'image/jpeg' }),
  },
  { name: '72 dpi (2 px a module)', dpi: 72, make: (png) => asJpeg(sharp(png)) },
];

/** The image's pixels, at most `longSide` long (enlarged only when asked), as the worker takes a photo. */
async function pixels(scan: Scan, longSide: number, enlarge = false): Promise<RgbaImage> {
  const { data, info } = await sharp(scan.bytes)
    .rotate()
    .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: !enlarge })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  };
}

function crop(image: RgbaImage, left: number, top: number, width: number, height: number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, data };
}

/** The four corners (a sixth of the page each) as the worker's corner-first search cut them. */
function corners(image: RgbaImage): RgbaImage[] {
  const portrait = image.height >= image.width;
  const w = Math.ceil(image.width / (portrait ? 2 : 3));
  const h = Math.ceil(image.height / (portrait ? 3 : 2));
  return [
    [image.width - w, 0],
    [0, image.height - h],
    [0, 0],
    [image.width - w, image.height - h],
  ].map(([left, top]) => crop(image, left!, top!, w, h));
}

/** jsQR as read-page.ts ran it before zxing: corners and page at 1800 px, then 2600 px enlarged, inverted. */
async function jsqrBefore(scan: Scan): Promise<string | null> {
  const page = await pixels(scan, 1800);
  for (const corner of corners(page)) {
    const code = jsqrDecode(corner);
    if (code !== null) return code;
  }
  return jsqrDecode(page) ?? jsqrDecode(await pixels(scan, 2600, true), 'attemptBoth');
}

async function zxingCornersFirst(scan: Scan): Promise<string | null> {
  const page = await pixels(scan, 1800);
  for (const corner of corners(page)) {
    const code = await zxingDecode(corner);
    if (code !== null) return code;
  }
  return zxingDecode(page);
}

/** zxing at 1800 px, then at 2600 px (a small photo enlarged), then optionally jsQR on that. */
async function zxingTwice(scan: Scan, jsqrLast: boolean): Promise<string | null> {
  const first = await zxingDecode(await pixels(scan, 1800));
  if (first !== null) return first;
  const larger = await pixels(scan, 2600, true);
  return (await zxingDecode(larger)) ?? (jsqrLast ? jsqrDecode(larger, 'attemptBoth') : null);
}

const DECODERS: Record<string, (scan: Scan) => Promise<string | null>> = {
  'jsQR before': jsqrBefore,
  'zxing 1800': async (scan) => zxingDecode(await pixels(scan, 1800)),
  'zxing corners, 1800': zxingCornersFirst,
  'zxing 1800, 2600': (scan) => zxingTwice(scan, false),
  '… then jsQR 2600': (scan) => zxingTwice(scan, true),
  'shipped readPageCode': (scan) => readPageCode(scan.bytes, scan.mime),
};

/** zxing's options, each changed alone from its defaults, on the whole page at 1800 px. */
const OPTIONS: Record<string, ZxingOptions> = {
  defaults: {},
  'tryHarder off': { tryHarder: false },
  'tryRotate off': { tryRotate: false },
  'tryInvert off': { tryInvert: false },
  'tryDownscale off': { tryDownscale: false },
  tryDenoise: { tryDenoise: true },
  GlobalHistogram: { binarizer: 'GlobalHistogram' },
  FixedThreshold: { binarizer: 'FixedThreshold' },
};

/** Reads every scan, returning "read/all CPU-ms" per page. */
async function measure(scans: Scan[], expected: string[], decode: (scan: Scan) => Promise<string | null>) {
  let read = 0;
  const cpu = process.cpuUsage();
  for (const [i, scan] of scans.entries()) if ((await decode(scan)) === expected[i]) read++;
  const used = process.cpuUsage(cpu);
  const ms = (used.user + used.system) / 1000 / scans.length;
  return { read, ms, cell: `${read}/${scans.length} ${ms.toFixed(0).padStart(5)}` };
}

const pdf = await worksheet();
// The expected text of each page: read from a clean 300 dpi rendering, where both decoders agree.
const clean = await rasterisePng(pdf, 300);
const expected: string[] = [];
for (const png of clean) {
  const image = await pixels({ bytes: png, mime: 'image/png' }, 4000);
  const code = await zxingDecode(image);
  if (!code || code !== jsqrDecode(image)) throw new Error('a clean page is not read alike by both decoders');
  expected.push(code);
}
// Warm-up: zxing's module instantiated, pdfjs and sharp loaded, before anything is measured.
for (const decode of Object.values(DECODERS)) await decode({ bytes: clean[0]!, mime: 'image/png' });

const rendered = new Map<string, Buffer[]>();
const scansOf = async (d: Degradation) => {
  const key = `${d.dpi}${d.mono ? 'm' : ''}`;
  if (!rendered.has(key)) rendered.set(key, await rasterisePng(pdf, d.dpi, d.mono));
  return Promise.all(rendered.get(key)!.map((png, i) => d.make(png, i)));
};
const row = (label: string, cells: string[]) => console.log(`| ${label} | ${cells.join(' | ')} |`);

console.log(
  `QR codes read (of ${expected.length} worksheet pages, ${STUDENTS} students, code of ${expected[0]!.length} characters) and CPU ms per page:\n`,
);
row('degradation', Object.keys(DECODERS));
row(
  '---',
  Object.keys(DECODERS).map(() => '---'),
);
for (const d of DEGRADATIONS) {
  const scans = await scansOf(d);
  const cells: string[] = [];
  for (const decode of Object.values(DECODERS)) cells.push((await measure(scans, expected, decode)).cell);
  row(d.name, cells);
}
// A page without a code (the code painted over): every attempt fails, the most a page costs.
const blank = await asJpeg(
  sharp(rendered.get('150')![0]).composite([
    { input: { create: { width: 340, height: 340, channels: 3, background: '#ffffff' } }, left: 900, top: 0 },
  ]),
);
const blankCells: string[] = [];
for (const decode of Object.values(DECODERS))
  blankCells.push(`— ${(await measure([blank], [''], decode)).ms.toFixed(0).padStart(5)}`);
row('page without a code', blankCells);

if (process.env.BENCH_QR_OPTIONS !== '0') {
  console.log(
    `\nzxing's options on the whole page at 1800 px (each changed alone), read and CPU ms per page:\n`,
  );
  row('degradation', Object.keys(OPTIONS));
  row(
    '---',
    Object.keys(OPTIONS).map(() => '---'),
  );
  for (const d of DEGRADATIONS) {
    const scans = await scansOf(d);
    const cells: string[] = [];
    for (const options of Object.values(OPTIONS))
      cells.push(
        (await measure(scans, expected, async (scan) => zxingDecode(await pixels(scan, 1800), options))).cell,
      );
    row(d.name, cells);
  }
}
