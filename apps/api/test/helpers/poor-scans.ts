import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

// Poor scans of a printed worksheet, made from its PDF in the test (and in tests/bench/qr-decoders.ts): a
// fax-like 1-bit scan at 100 dpi, a phone photo at 7° perspective with a shadow, a faint grey-on-grey copy.
// Nothing comes from files in the repository.

const run = promisify(execFile);

/** A PBM file (P4: 1 bit a pixel, 1 black) as a greyscale PNG. */
async function pbmToPng(file: Buffer): Promise<Buffer> {
  const header = /^P4\s+(?:#.*\s+)*(\d+)\s+(\d+)\s/.exec(file.subarray(0, 100).toString('latin1'));
  if (!header) throw new Error('not a PBM file');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const bits = file.subarray(header[0].length);
  const stride = Math.ceil(width / 8);
  const grey = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      grey[y * width + x] = (bits[y * stride + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 0 : 255;
  return sharp(grey, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/**
 * Every page of the PDF at `dpi` as a greyscale PNG (pdftoppm, as a scanner's sensor sees it), or with
 * `mono` as poppler's 1-bit rendering: every pixel a dark shape touches is black, so dark modules grow and
 * light ones shrink to a pixel, as in a fax or a copier's black-and-white scan.
 */
export async function rasterisePng(pdf: Buffer, dpi: number, mono = false): Promise<Buffer[]> {
  const dir = await mkdtemp(join(tmpdir(), 'poor-scan-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    const mode = mono ? ['-mono'] : ['-gray', '-png'];
    await run('pdftoppm', ['-r', String(dpi), ...mode, join(dir, 'in.pdf'), join(dir, 'p')]);
    const files = (await readdir(dir)).filter((f) => /\.(png|pbm)$/.test(f)).sort();
    return Promise.all(
      files.map(async (f) => {
        const bytes = await readFile(join(dir, f));
        return mono ? pbmToPng(bytes) : bytes;
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The homography (row-major, h[8] = 1) that maps the four points `from` onto `to`. */
function homography(from: number[][], to: number[][]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x!, y!, 1, 0, 0, 0, -u! * x!, -u! * y!, u!]);
    a.push([0, 0, 0, x!, y!, 1, -v! * x!, -v! * y!, v!]);
  }
  // Gauss-Jordan with partial pivoting on the 8 × 9 system.
  for (let c = 0; c < 8; c++) {
    let pivot = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < 9; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1];
}

export interface Photo {
  /** The photo's long side (portrait, 3:4). */
  size: number;
  /** The page's share of the photo's height. */
  fill: number;
  /** Gaussian blur (sigma in px of the photo): focus and shake. */
  blur: number;
  quality: number;
}

/**
 * A phone photo of the page (a PNG from `rasterisePng`, 200 dpi or more): tilted 7° away at the top (the top
 * edge farther and narrower: a true perspective, not a shear) and turned 2°, on a desk; ink and paper as a
 * camera sees them (50 and 210 of 255); a shadow across it, the lower left at 45 % of the light; sensor
 * noise; soft; a greyscale JPEG.
 */
export async function phonePhoto(png: Buffer, photo: Photo): Promise<Buffer> {
  const { data: page, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const [W, H] = [Math.round(photo.size * 0.75), photo.size];
  const tilt = (7 * Math.PI) / 180;
  const turn = (2 * Math.PI) / 180;
  const focal = 0.94 * H;
  const distance = (focal * info.height) / (H * photo.fill);
  const project = ([x, y]: number[]) => {
    // The page centred at the origin, y downwards; its top (y < 0) leans away from the camera.
    const px = x! - info.width / 2;
    const py = y! - info.height / 2;
    const z = distance - py * Math.sin(tilt);
    const X = (focal * px) / z;
    const Y = (focal * py * Math.cos(tilt)) / z;
    return [W / 2 + X * Math.cos(turn) - Y * Math.sin(turn), H / 2 + X * Math.sin(turn) + Y * Math.cos(turn)];
  };
  const corners = [
    [0, 0],
    [info.width, 0],
    [info.width, info.height],
    [0, info.height],
  ];
  // From the photo's pixels back onto the page.
  const h = homography(corners.map(project), corners);
  const out = Buffer.alloc(W * H);
  let seed = 7;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const w = h[6]! * x + h[7]! * y + h[8]!;
      const u = (h[0]! * x + h[1]! * y + h[2]!) / w;
      const v = (h[3]! * x + h[4]! * y + h[5]!) / w;
      let value = 70; // the desk
      if (u >= 0 && v >= 0 && u < info.width - 1 && v < info.height - 1) {
        const x0 = Math.floor(u);
        const y0 = Math.floor(v);
        const fx = u - x0;
        const fy = v - y0;
        const i = y0 * info.width + x0;
        const grey =
          (page[i]! * (1 - fx) + page[i + 1]! * fx) * (1 - fy) +
          (page[i + info.width]! * (1 - fx) + page[i + info.width + 1]! * fx) * fy;
        value = 50 + (grey / 255) * 160;
      }
      const lit = Math.min(1, (x / W + (1 - y / H)) / 1.4); // 1 at the top right
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const noise = (seed / 2 ** 31 - 0.5) * 8;
      out[y * W + x] = Math.max(0, Math.min(255, Math.round(value * (0.45 + 0.55 * lit) + noise)));
    }
  }
  return sharp(out, { raw: { width: W, height: H, channels: 1 } })
    .blur(photo.blur)
    .jpeg({ quality: photo.quality })
    .toBuffer();
}

/** A faint copy scanned in grey: ink at 145, paper at 190 of 255 (JPEG 80). */
export const greyOnGrey = (png: Buffer) =>
  sharp(png)
    .linear(45 / 255, 145)
    .jpeg({ quality: 80 })
    .toBuffer();
