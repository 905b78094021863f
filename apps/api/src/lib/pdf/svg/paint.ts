import { LineCapStyle, LineJoinStyle } from 'pdf-lib';
import { numbers } from './geometry';
import type { SvgElement } from './xml';

// Paint and style of the SVG drawer (draw.ts): colours, lengths, presentation attributes and the properties
// an element inherits from its parent.

export type Rgb = [number, number, number];

const NAMED: Record<string, Rgb> = {
  black: [0, 0, 0],
  white: [1, 1, 1],
  red: [1, 0, 0],
  green: [0, 0.5, 0],
  lime: [0, 1, 0],
  blue: [0, 0, 1],
  yellow: [1, 1, 0],
  cyan: [0, 1, 1],
  magenta: [1, 0, 1],
  gray: [0.5, 0.5, 0.5],
  grey: [0.5, 0.5, 0.5],
  orange: [1, 0.65, 0],
  purple: [0.5, 0, 0.5],
  brown: [0.65, 0.16, 0.16],
  pink: [1, 0.75, 0.8],
  violet: [0.93, 0.51, 0.93],
  olive: [0.5, 0.5, 0],
  teal: [0, 0.5, 0.5],
  darkgray: [0.66, 0.66, 0.66],
  lightgray: [0.83, 0.83, 0.83],
};

/** An SVG paint as RGB in 0…1; 'none' for none, undefined when unknown (then the caller's default). */
export function parseColor(value: string | undefined, current: Rgb = [0, 0, 0]): Rgb | 'none' | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'none' || v === 'transparent') return 'none';
  if (v === 'currentcolor') return current;
  let hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v)?.[1];
  if (hex) {
    if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
    return [0, 2, 4].map((at) => parseInt(hex!.slice(at, at + 2), 16) / 255) as Rgb;
  }
  const rgb = /^rgba?\(([^)]*)\)$/.exec(v);
  if (rgb) {
    const parts = rgb[1]!.split(/[\s,/]+/).filter(Boolean);
    if (parts.length < 3) return undefined;
    return parts.slice(0, 3).map((p) => {
      const n = parseFloat(p);
      return Math.min(1, Math.max(0, p.endsWith('%') ? n / 100 : n / 255)) || 0;
    }) as Rgb;
  }
  return NAMED[v];
}

/** The properties that children inherit. */
export interface Style {
  fill: Rgb | 'none';
  stroke: Rgb | 'none';
  color: Rgb;
  strokeWidth: number;
  lineCap: LineCapStyle;
  lineJoin: LineJoinStyle;
  dash: number[];
  dashOffset: number;
  evenOdd: boolean;
  fillOpacity: number;
  strokeOpacity: number;
  fontFamily: string;
  fontSize: number;
  fontWeight: string;
  fontStyle: string;
  anchor: string;
}

export const INITIAL: Style = {
  fill: [0, 0, 0],
  stroke: 'none',
  color: [0, 0, 0],
  strokeWidth: 1,
  lineCap: LineCapStyle.Butt,
  lineJoin: LineJoinStyle.Miter,
  dash: [],
  dashOffset: 0,
  evenOdd: false,
  fillOpacity: 1,
  strokeOpacity: 1,
  fontFamily: 'serif',
  fontSize: 16,
  fontWeight: 'normal',
  fontStyle: 'normal',
  anchor: 'start',
};

/** A length in user units ("12", "12px", "1.5pt"); NaN when it is no length. */
export const length = (value: string | undefined) => {
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(px|pt)?\s*$/i.exec(value ?? '');
  if (!match) return NaN;
  return Number(match[1]) * (match[2]?.toLowerCase() === 'pt' ? 4 / 3 : 1);
};

/** An opacity in 0…1; 1 when missing or unreadable. */
const fraction = (value: string | undefined) => {
  const n = value === undefined ? NaN : parseFloat(value) / (value.trim().endsWith('%') ? 100 : 1);
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1;
};

/** The element's presentation attributes and `style` declarations, the latter winning. */
export function declarations(element: SvgElement): Record<string, string> {
  const out: Record<string, string> = { ...element.attrs };
  for (const declaration of (element.attrs.style ?? '').split(';')) {
    const at = declaration.indexOf(':');
    if (at > 0) out[declaration.slice(0, at).trim().toLowerCase()] = declaration.slice(at + 1).trim();
  }
  return out;
}

export function styleOf(element: SvgElement, parent: Style): Style {
  const d = declarations(element);
  const style = { ...parent };
  const color = parseColor(d.color, parent.color);
  if (color && color !== 'none') style.color = color;
  const fillColor = parseColor(d.fill, style.color);
  if (fillColor) style.fill = fillColor;
  const strokeColor = parseColor(d.stroke, style.color);
  if (strokeColor) style.stroke = strokeColor;
  const width = length(d['stroke-width']);
  if (width >= 0) style.strokeWidth = width;
  const cap = { butt: LineCapStyle.Butt, round: LineCapStyle.Round, square: LineCapStyle.Projecting }[
    d['stroke-linecap'] ?? ''
  ];
  if (cap !== undefined) style.lineCap = cap;
  const join = { miter: LineJoinStyle.Miter, round: LineJoinStyle.Round, bevel: LineJoinStyle.Bevel }[
    d['stroke-linejoin'] ?? ''
  ];
  if (join !== undefined) style.lineJoin = join;
  if (d['stroke-dasharray'] !== undefined) {
    const dash = numbers(d['stroke-dasharray']).filter((n) => n >= 0);
    style.dash = dash.some((n) => n > 0) ? dash : [];
  }
  const offset = length(d['stroke-dashoffset']);
  if (Number.isFinite(offset)) style.dashOffset = offset;
  // Group opacity applies to each shape inside: close enough for pictures whose shapes seldom overlap.
  const opacity = fraction(d.opacity);
  style.fillOpacity *= opacity * fraction(d['fill-opacity']);
  style.strokeOpacity *= opacity * fraction(d['stroke-opacity']);
  if (d['fill-rule']) style.evenOdd = d['fill-rule'] === 'evenodd';
  if (d['font-family']) style.fontFamily = d['font-family'].replace(/["']/g, '').split(',')[0]!.trim();
  const size = length(d['font-size']);
  if (size > 0) style.fontSize = size;
  if (d['font-weight']) style.fontWeight = d['font-weight'];
  if (d['font-style']) style.fontStyle = d['font-style'];
  if (d['text-anchor']) style.anchor = d['text-anchor'];
  return style;
}

export const num = (value: string | undefined) => {
  const n = length(value);
  return Number.isFinite(n) ? n : 0;
};
