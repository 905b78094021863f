/**
 * The dark-mode colours of a TikZ picture. TeX draws for white paper: black lines and labels, light tints
 * under labels (`fill=yellow!30`), white boxes that hide lines behind a label. On a dark page each colour
 * keeps its hue and mirrors its lightness (OKLCH): black becomes the page's text colour (`currentColor`),
 * white the page's background (`var(--tikz-paper)`), a light tint a dark one, so the labels on it stay
 * readable. Lines and labels stay light enough to be seen (coloured ones more so), coloured areas stay mid-tone;
 * nothing becomes lighter than the text.
 */

type Rgb = [number, number, number];

// The names svgo writes for colours shorter as a name, and the two it never shortens.
const NAMES: Record<string, string> = {
  black: '000000',
  white: 'ffffff',
  azure: 'f0ffff',
  beige: 'f5f5dc',
  bisque: 'ffe4c4',
  brown: 'a52a2a',
  coral: 'ff7f50',
  gold: 'ffd700',
  gray: '808080',
  grey: '808080',
  green: '008000',
  indigo: '4b0082',
  ivory: 'fffff0',
  khaki: 'f0e68c',
  linen: 'faf0e6',
  maroon: '800000',
  navy: '000080',
  olive: '808000',
  orange: 'ffa500',
  orchid: 'da70d6',
  peru: 'cd853f',
  pink: 'ffc0cb',
  plum: 'dda0dd',
  purple: '800080',
  red: 'ff0000',
  salmon: 'fa8072',
  sienna: 'a0522d',
  silver: 'c0c0c0',
  snow: 'fffafa',
  tan: 'd2b48c',
  teal: '008080',
  tomato: 'ff6347',
  violet: 'ee82ee',
  wheat: 'f5deb3',
  blue: '0000ff',
  yellow: 'ffff00',
  cyan: '00ffff',
  magenta: 'ff00ff',
  lime: '00ff00',
};

/** An sRGB colour (0…1) of `#rgb`, `#rrggbb`, `rgb(…)` or a name; null for none, url(…), currentColor … */
export function parseColor(value: string): Rgb | null {
  const v = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v)?.[1] ?? NAMES[v];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as Rgb;
  }
  const rgb = /^rgba?\(\s*([\d.]+)(%?)[\s,]+([\d.]+)(%?)[\s,]+([\d.]+)(%?)\s*(?:[,/][^)]*)?\)$/.exec(v);
  if (!rgb) return null;
  return [1, 3, 5].map((i) => Math.min(1, Number(rgb[i]) / (rgb[i + 1] ? 100 : 255))) as Rgb;
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

function toOklab([r, g, b]: Rgb): Rgb {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/** Linear sRGB of an OKLab colour (outside 0…1 when it is out of gamut). */
function fromOklab([L, a, b]: Rgb): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const inGamut = (rgb: Rgb) => rgb.every((c) => c >= -1e-4 && c <= 1 + 1e-4);

/** `#rrggbb` of lightness L, chroma C and the hue of (a, b); C lowered until the colour exists in sRGB. */
function fromLch(L: number, C: number, a: number, b: number): string {
  const hue = Math.atan2(b, a);
  let [low, high] = [0, C];
  let rgb = fromOklab([L, C * Math.cos(hue), C * Math.sin(hue)]);
  if (!inGamut(rgb)) {
    for (let i = 0; i < 20; i++) {
      const mid = (low + high) / 2;
      const candidate = fromOklab([L, mid * Math.cos(hue), mid * Math.sin(hue)]);
      if (inGamut(candidate)) [low, rgb] = [mid, candidate];
      else high = mid;
    }
    rgb = fromOklab([L, low * Math.cos(hue), low * Math.sin(hue)]);
  }
  const hex = (c: number) =>
    Math.round(Math.min(1, Math.max(0, fromLinear(Math.min(1, Math.max(0, c))))) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${rgb.map(hex).join('')}`;
}

/** No colour in the picture is lighter than the page's text (#c9c9c9 is about 0.83). */
const MAX_LIGHTNESS = 0.83;

function mirrored(value: string, floorGrey: number, floorColour: number, colourful: number): string | null {
  const rgb = parseColor(value);
  if (!rgb) return null;
  if (rgb.every((c) => c === 0)) return 'currentColor';
  if (rgb.every((c) => c === 1)) return 'var(--tikz-paper)';
  const [L, a, b] = toOklab(rgb);
  const C = Math.hypot(a, b);
  const floor = C > colourful ? floorColour : floorGrey;
  return fromLch(Math.min(MAX_LIGHTNESS, Math.max(floor, 1 - L)), C, a, b);
}

/** The dark-mode colour of a line or a label (stroke, text fill). */
export const darkInk = (value: string) => mirrored(value, 0.6, 0.72, 0.05);

/** The dark-mode colour of an area (fill of a shape): tints dark, coloured areas mid-tone. */
export const darkArea = (value: string) => mirrored(value, 0.3, 0.45, 0.1);
