import { loadSharp } from '../sharp';
import { GLYPHS, type Point } from './glyphs';

// Photos of handwritten pages (the demo's hand-ins, domain/demo/photos.ts), drawn rather than downloaded:
// every character is a few pen strokes (a tiny single-stroke "handwriting", glyphs.ts), jittered per writer
// from a seed and written on lined paper, then rendered to JPEG by sharp. No font and no file is needed, and
// the same seed gives the same bytes.

/** A small deterministic PRNG (mulberry32): the same seed draws the same handwriting. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => n.toFixed(1);

/** SVG path data through the points: Catmull-Rom turned into cubic Béziers (or straight segments). */
function pathOf(points: Point[], smooth: boolean): string {
  const [first, ...rest] = points;
  if (!first) return '';
  if (!smooth || points.length < 3)
    return `M${f(first[0])} ${f(first[1])}${rest.map((p) => `L${f(p[0])} ${f(p[1])}`).join('')}`;
  let d = `M${f(first[0])} ${f(first[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(points.length - 1, i + 2)]!;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

/** How one hand writes: drawn once per page from its seed. */
interface Hand {
  rnd: () => number;
  /** Pixels per glyph unit. */
  scale: number;
  /** Forward lean (shear), about 0.1–0.3. */
  slant: number;
  /** Point jitter in glyph units. */
  wobble: number;
  ink: string;
  width: number;
}

const INKS = ['#1d3a8f', '#233066', '#2b4cb0', '#1f2a44', '#27408b'];

/** The ink's extent on the unrotated sheet, in SVG units. */
interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * One line of text as path data, starting at (x, baseline); returns the path, where the pen ended and the
 * extent of the ink.
 */
function writeLine(
  hand: Hand,
  text: string,
  x: number,
  baseline: number,
): { d: string; end: number; bounds: Bounds } {
  const { rnd, scale } = hand;
  let d = '';
  let pen = x;
  const bounds: Bounds = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  // The line drifts a little up or down and the letters vary in size, as real writing does.
  const drift = (rnd() - 0.5) * 0.06;
  for (const char of text) {
    const glyph = GLYPHS[char];
    if (!glyph) throw new Error(`Kein Zeichen für ${JSON.stringify(char)}`);
    const size = scale * (0.92 + rnd() * 0.16);
    const lift = (rnd() - 0.5) * 1.2 + (pen - x) * drift;
    const top = baseline - 10 * size + lift;
    for (const stroke of glyph.strokes) {
      const points = stroke.pts.map(([gx, gy]): Point => {
        const jx = gx + (rnd() - 0.5) * hand.wobble;
        const jy = gy + (rnd() - 0.5) * hand.wobble;
        return [pen + (jx + (10 - jy) * hand.slant) * size, top + jy * size];
      });
      for (const [px, py] of points) {
        bounds.left = Math.min(bounds.left, px);
        bounds.right = Math.max(bounds.right, px);
        bounds.top = Math.min(bounds.top, py);
        bounds.bottom = Math.max(bounds.bottom, py);
      }
      d += pathOf(points, stroke.smooth ?? true);
    }
    pen += (glyph.w + (rnd() - 0.3) * 1.2) * size;
  }
  return { d, end: pen, bounds };
}

export const PAGE = { width: 760, height: 1075 } as const;
const RULE = 40;
const FIRST_RULE = 130;
const MARGIN = 92;

/** A written line: text, an indent in rules-widths, and an optional note at the right ("| −5"). */
export interface WrittenLine {
  /** Names the line for what refers to it (the demo's AI evidence). */
  id?: string;
  text: string;
  indent?: number;
  note?: string;
  /** Underline twice (the result). */
  result?: boolean;
}

/** A piece of text as it stands on the photo: a line's text or its note, with its box on the picture. */
export interface DrawnText {
  id: string | undefined;
  part: 'text' | 'note';
  text: string;
  /** Fractions 0..1 of the picture from its top left (the evidence box of ADR 024). */
  box: { x: number; y: number; w: number; h: number };
}

/** The SVG of one photographed page of lined paper with these lines on it. */
export function handwritingSvg(seed: number, lines: readonly WrittenLine[]): string {
  return handwritingPage(seed, lines).svg;
}

/**
 * One photographed page: its SVG and every text drawn on it with where it ended up on the picture (after the
 * sheet's tilt), recorded while drawing, so what refers to the photo can only name what is on it.
 */
export function handwritingPage(
  seed: number,
  lines: readonly WrittenLine[],
): { svg: string; drawn: DrawnText[] } {
  const rnd = random(seed);
  const hand: Hand = {
    rnd,
    scale: 2.35 + rnd() * 0.35,
    slant: 0.08 + rnd() * 0.22,
    wobble: 0.6 + rnd() * 0.6,
    ink: INKS[Math.floor(rnd() * INKS.length)]!,
    width: 2.1 + rnd() * 0.7,
  };
  const rules: string[] = [];
  for (let y = FIRST_RULE; y < PAGE.height - 30; y += RULE) rules.push(`M0 ${y}H${PAGE.width}`);
  let ink = '';
  let row = 0;
  const texts: Array<Omit<DrawnText, 'box'> & { bounds: Bounds }> = [];
  for (const written of lines) {
    if (written.text === '') {
      row++;
      continue;
    }
    const baseline = FIRST_RULE + RULE * row - 4 - rnd() * 3;
    const x = MARGIN + 18 + (written.indent ?? 0) * 40 + rnd() * 10;
    const { d, end, bounds } = writeLine(hand, written.text, x, baseline);
    ink += d;
    texts.push({ id: written.id, part: 'text', text: written.text, bounds });
    if (written.note) {
      const note = writeLine(hand, written.note, Math.max(end + 30, 470 + rnd() * 20), baseline);
      ink += note.d;
      texts.push({ id: written.id, part: 'note', text: written.note, bounds: note.bounds });
    }
    if (written.result) {
      for (const dy of [5, 10]) {
        const y = baseline + dy + rnd() * 2;
        ink += pathOf(
          [
            [x - 4, y + rnd() * 2],
            [(x + end) / 2, y + (rnd() - 0.5) * 3],
            [end + 6, y + rnd() * 2],
          ],
          true,
        );
      }
    }
    row++;
  }
  // A phone photo: the sheet lies a little askew on a desk. (No lighting gradient: it doubles the render time.)
  const angle = (rnd() - 0.5) * 3;
  const W = PAGE.width;
  const H = PAGE.height;
  // The boxes follow the tilt as the SVG states it (one decimal).
  const tilt = Number(f(angle));
  const drawn = texts.map(({ bounds, ...text }) => ({ ...text, box: onPhoto(bounds, tilt, hand.width) }));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="#6f6456"/>
<g transform="rotate(${f(angle)} ${W / 2} ${H / 2}) translate(${W * 0.03} ${H * 0.025}) scale(0.94 0.95)">
<rect width="${W}" height="${H}" fill="#fbfaf3"/>
<path d="${rules.join('')}" stroke="#a9c4e4" stroke-width="1.6"/>
<path d="M${MARGIN} 0V${H}" stroke="#e39a9a" stroke-width="1.8"/>
<path d="${ink}" fill="none" stroke="${hand.ink}" stroke-width="${f(hand.width)}" stroke-linecap="round" stroke-linejoin="round"/>
</g>
</svg>`;
  return { svg, drawn };
}

/** The sheet's transform below (scale, shift, tilt about the centre) applied to a point. */
function sheetToPhoto([x, y]: Point, angle: number): Point {
  const W = PAGE.width;
  const H = PAGE.height;
  const sx = x * 0.94 + W * 0.03 - W / 2;
  const sy = y * 0.95 + H * 0.025 - H / 2;
  const rad = (angle * Math.PI) / 180;
  return [W / 2 + sx * Math.cos(rad) - sy * Math.sin(rad), H / 2 + sx * Math.sin(rad) + sy * Math.cos(rad)];
}

/** Ink bounds on the sheet → the box around them on the photo, padded by the pen, as fractions of the page. */
function onPhoto(b: Bounds, angle: number, pen: number): DrawnText['box'] {
  const pad = pen + 3;
  const corners: Point[] = [
    [b.left - pad, b.top - pad],
    [b.right + pad, b.top - pad],
    [b.left - pad, b.bottom + pad],
    [b.right + pad, b.bottom + pad],
  ];
  const onPicture = corners.map((p) => sheetToPhoto(p, angle));
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const round = (v: number) => Math.round(v * 10000) / 10000;
  const x0 = clamp(Math.min(...onPicture.map((p) => p[0])) / PAGE.width);
  const x1 = clamp(Math.max(...onPicture.map((p) => p[0])) / PAGE.width);
  const y0 = clamp(Math.min(...onPicture.map((p) => p[1])) / PAGE.height);
  const y1 = clamp(Math.max(...onPicture.map((p) => p[1])) / PAGE.height);
  // Rounded inwards at the far edge, so x + w and y + h never pass 1.
  const x = round(x0);
  const y = round(y0);
  return { x, y, w: Math.floor((x1 - x) * 10000) / 10000, h: Math.floor((y1 - y) * 10000) / 10000 };
}

/** A page's SVG as a JPEG, as a phone would upload it. */
export async function renderJpeg(svg: string): Promise<Buffer> {
  return (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 72 }).toBuffer();
}
