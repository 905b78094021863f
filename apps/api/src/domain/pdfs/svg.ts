import {
  appendBezierCurve,
  beginText,
  closePath,
  concatTransformationMatrix,
  endPath,
  endText,
  fill,
  fillAndStroke,
  lineTo,
  LineCapStyle,
  LineJoinStyle,
  moveTo,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  setDashPattern,
  setFillingRgbColor,
  setFontAndSize,
  setGraphicsState,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  setTextMatrix,
  showText,
  stroke,
  drawObject,
  PDFHexString,
  type PDFContext,
  type PDFDocument,
  type PDFFont,
  PDFName,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';

// A small SVG → PDF drawer for the pictures the server makes itself (MathJax formulas, tikzjax pictures;
// ARCHITECTURE.md §4 "PDFs"): groups with transforms, paths, basic shapes, <use> of <defs>, and text in
// embedded fonts become one Form XObject of vector operators, drawn on any page with one `Do`. What it does
// not know (gradients, masks, clip paths, opacity) is skipped, never an error.

/** The invisible Unicode line of a TikZ label over TeX's glyph runs (lib/tikz/layers.ts): not drawn here. */
const TEXT_LINE = 'data-tikz-text';
/** A TeX glyph run's Unicode text where its glyphs read otherwise: the run's ActualText. */
const RUN_TEXT = 'data-tikz-unicode';

export interface SvgElement {
  name: string;
  attrs: Record<string, string>;
  children: SvgNode[];
}
export type SvgNode = SvgElement | string;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[?!][\s\S]*?>|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)|</g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The root element of an XML document (well-formed or not: unknown markup is dropped), or null. */
export function parseXml(source: string): SvgElement | null {
  const root: SvgElement = { name: '#root', attrs: {}, children: [] };
  const stack = [root];
  for (const match of source.matchAll(TOKEN)) {
    const top = stack[stack.length - 1]!;
    const [, cdata, close, open, attrText, selfClosing, text] = match;
    if (cdata !== undefined) top.children.push(cdata);
    else if (text !== undefined) top.children.push(decodeEntities(text));
    else if (close !== undefined) {
      const at = stack.findLastIndex((e) => e.name === close);
      if (at > 0) stack.length = at;
    } else if (open !== undefined) {
      const attrs: Record<string, string> = {};
      for (const [, name, dq, sq] of (attrText ?? '').matchAll(ATTRIBUTE)) {
        attrs[name!] = decodeEntities(dq ?? sq ?? '');
      }
      const element: SvgElement = { name: open, attrs, children: [] };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  return root.children.find((c): c is SvgElement => typeof c !== 'string') ?? null;
}

/** An affine matrix [a b c d e f] as in PDF and SVG: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = [number, number, number, number, number, number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m · n: first n, then m (SVG's "transform='m n'" order). */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi;
const numbers = (text: string) => (text.match(NUMBER) ?? []).map(Number);

/** An SVG transform list as one matrix; an unknown function makes the whole list the identity. */
export function parseTransform(text: string | undefined): Matrix {
  let result = IDENTITY;
  if (!text) return result;
  for (const [, fn, args] of text.matchAll(/([a-zA-Z]+)\s*\(([^)]*)\)/g)) {
    const v = numbers(args!);
    const rad = ((v[0] ?? 0) * Math.PI) / 180;
    let m: Matrix;
    switch (fn) {
      case 'matrix':
        if (v.length !== 6) return IDENTITY;
        m = v as Matrix;
        break;
      case 'translate':
        m = [1, 0, 0, 1, v[0] ?? 0, v[1] ?? 0];
        break;
      case 'scale':
        m = [v[0] ?? 1, 0, 0, v[1] ?? v[0] ?? 1, 0, 0];
        break;
      case 'rotate': {
        const [cos, sin] = [Math.cos(rad), Math.sin(rad)];
        const [cx, cy] = [v[1] ?? 0, v[2] ?? 0];
        m = multiply(multiply([1, 0, 0, 1, cx, cy], [cos, sin, -sin, cos, 0, 0]), [1, 0, 0, 1, -cx, -cy]);
        break;
      }
      case 'skewX':
        m = [1, 0, Math.tan(rad), 1, 0, 0];
        break;
      case 'skewY':
        m = [1, Math.tan(rad), 0, 1, 0, 0];
        break;
      default:
        return IDENTITY;
    }
    result = multiply(result, m);
  }
  return result;
}

/** A path in absolute moves, lines, cubic curves and closes (quadratics and arcs converted). */
export type Segment =
  ['M' | 'L', number, number] | ['C', number, number, number, number, number, number] | ['Z'];

const PARAMS: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };

/** SVG path data as segments; parsing stops at the first malformed command, keeping what came before. */
export function parsePath(d: string): Segment[] {
  const out: Segment[] = [];
  const tokens = d.match(/[MmLlHhVvCcSsQqTtAaZz]|[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g) ?? [];
  let i = 0;
  let [x, y, startX, startY] = [0, 0, 0, 0];
  // The last control point, for the smooth curves S and T.
  let [cx, cy] = [0, 0];
  let previous = '';
  let command = '';
  while (i < tokens.length) {
    if (/[a-z]/i.test(tokens[i]!)) command = tokens[i++]!;
    else if (!command || command === 'Z' || command === 'z') break;
    const upper = command.toUpperCase();
    const relative = command !== upper;
    const count = PARAMS[upper]!;
    const v: number[] = [];
    if (upper === 'A') {
      // Arc flags may be written without separators ("a5 5 0 01 10 10").
      while (v.length < 7 && i < tokens.length && !/[a-z]/i.test(tokens[i]!)) {
        const token = tokens[i]!;
        if ((v.length === 3 || v.length === 4) && /^[01]\d/.test(token)) {
          v.push(Number(token[0]));
          tokens[i] = token.slice(1);
        } else {
          v.push(Number(token));
          i++;
        }
      }
    } else {
      for (let k = 0; k < count; k++) {
        const token = tokens[i];
        if (token === undefined || /[a-z]/i.test(token)) break;
        v.push(Number(token));
        i++;
      }
    }
    if (v.length < count || v.some((n) => !Number.isFinite(n))) break;
    const dx = relative ? x : 0;
    const dy = relative ? y : 0;
    switch (upper) {
      case 'M':
        [x, y] = [v[0]! + dx, v[1]! + dy];
        [startX, startY] = [x, y];
        out.push(['M', x, y]);
        // Further pairs after a move are lines.
        command = relative ? 'l' : 'L';
        break;
      case 'L':
        [x, y] = [v[0]! + dx, v[1]! + dy];
        out.push(['L', x, y]);
        break;
      case 'H':
        x = v[0]! + dx;
        out.push(['L', x, y]);
        break;
      case 'V':
        y = v[0]! + dy;
        out.push(['L', x, y]);
        break;
      case 'C':
      case 'S': {
        const smooth = upper === 'S';
        const reflect = /[CS]/i.test(previous);
        const [x1, y1] = smooth ? (reflect ? [2 * x - cx, 2 * y - cy] : [x, y]) : [v[0]! + dx, v[1]! + dy];
        const rest = smooth ? v : v.slice(2);
        [cx, cy] = [rest[0]! + dx, rest[1]! + dy];
        [x, y] = [rest[2]! + dx, rest[3]! + dy];
        out.push(['C', x1, y1, cx, cy, x, y]);
        break;
      }
      case 'Q':
      case 'T': {
        const smooth = upper === 'T';
        const reflect = /[QT]/i.test(previous);
        const [qx, qy] = smooth ? (reflect ? [2 * x - cx, 2 * y - cy] : [x, y]) : [v[0]! + dx, v[1]! + dy];
        const [ex, ey] = smooth ? [v[0]! + dx, v[1]! + dy] : [v[2]! + dx, v[3]! + dy];
        out.push([
          'C',
          x + (2 / 3) * (qx - x),
          y + (2 / 3) * (qy - y),
          ex + (2 / 3) * (qx - ex),
          ey + (2 / 3) * (qy - ey),
          ex,
          ey,
        ]);
        [cx, cy, x, y] = [qx, qy, ex, ey];
        break;
      }
      case 'A': {
        const [ex, ey] = [v[5]! + dx, v[6]! + dy];
        out.push(...arc(x, y, v[0]!, v[1]!, v[2]!, v[3] !== 0, v[4] !== 0, ex, ey));
        [x, y] = [ex, ey];
        break;
      }
      case 'Z':
        out.push(['Z']);
        [x, y] = [startX, startY];
        break;
    }
    previous = upper;
  }
  return out;
}

/** An elliptical arc (SVG endpoint form) as cubic curves. */
function arc(
  x1: number,
  y1: number,
  rx: number,
  ry: number,
  angle: number,
  large: boolean,
  sweep: boolean,
  x2: number,
  y2: number,
): Segment[] {
  if (x1 === x2 && y1 === y2) return [];
  rx = Math.abs(rx);
  ry = Math.abs(ry);
  if (rx === 0 || ry === 0) return [['L', x2, y2]];
  const phi = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const [hx, hy] = [(x1 - x2) / 2, (y1 - y2) / 2];
  const px = cos * hx + sin * hy;
  const py = -sin * hx + cos * hy;
  const lambda = (px * px) / (rx * rx) + (py * py) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px;
  const den = rx * rx * py * py + ry * ry * px * px;
  const factor = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, num / den));
  const cxp = (factor * rx * py) / ry;
  const cyp = (-factor * ry * px) / rx;
  const centerX = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const centerY = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angleOf = (ux: number, uy: number) => Math.atan2(uy, ux);
  const theta1 = angleOf((px - cxp) / rx, (py - cyp) / ry);
  let delta = angleOf((-px - cxp) / rx, (-py - cyp) / ry) - theta1;
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const parts = Math.ceil(Math.abs(delta) / (Math.PI / 2));
  const step = delta / parts;
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number, r: number): [number, number] => {
    const [ex, ey] = [Math.cos(t) * rx, Math.sin(t) * ry];
    const [dx, dy] = [-Math.sin(t) * rx * r, Math.cos(t) * ry * r];
    return [cos * (ex + dx) - sin * (ey + dy) + centerX, sin * (ex + dx) + cos * (ey + dy) + centerY];
  };
  const out: Segment[] = [];
  for (let p = 0; p < parts; p++) {
    const [a, b] = [theta1 + p * step, theta1 + (p + 1) * step];
    const [c1x, c1y] = point(a, k);
    const [c2x, c2y] = point(b, -k);
    const [ex, ey] = p === parts - 1 ? [x2, y2] : point(b, 0);
    out.push(['C', c1x, c1y, c2x, c2y, ex, ey]);
  }
  return out;
}

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
interface Style {
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

const INITIAL: Style = {
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
const length = (value: string | undefined) => {
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
function declarations(element: SvgElement): Record<string, string> {
  const out: Record<string, string> = { ...element.attrs };
  for (const declaration of (element.attrs.style ?? '').split(';')) {
    const at = declaration.indexOf(':');
    if (at > 0) out[declaration.slice(0, at).trim().toLowerCase()] = declaration.slice(at + 1).trim();
  }
  return out;
}

function styleOf(element: SvgElement, parent: Style): Style {
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

/** A font for text of a family, and the text made encodable in it. */
export interface SvgFont {
  font: PDFFont;
  encodable: (text: string) => string;
}
export type FontResolver = (family: string, bold: boolean, italic: boolean) => SvgFont;

/** A drawing made once per document and drawn on any number of pages. */
export interface SvgForm {
  ref: PDFRef;
  /** Size of the view box, in its own units. */
  width: number;
  height: number;
  /** Where the view box starts (its y is above the baseline for MathJax's formulas: negative). */
  x: number;
  y: number;
}

const SKIPPED = new Set([
  'defs',
  'symbol',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'style',
  'title',
  'desc',
  'metadata',
  'linearGradient',
  'radialGradient',
  'filter',
  'script',
  'foreignObject',
]);

const fmt = (ops: PDFOperator[], ...more: PDFOperator[]) => ops.push(...more);

/** `/Span <</ActualText …>> BDC`. pdf-lib writes an inline dictionary fine; its operand types leave it out. */
const beginActualText = (context: PDFContext, text: string) =>
  PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
    PDFName.of('Span'),
    context.obj({ ActualText: PDFHexString.fromText(text) }) as unknown as PDFName,
  ]);

class Compiler {
  readonly ops: PDFOperator[] = [];
  readonly fonts = new Map<PDFFont, string>();
  /** Graphics states by "fill opacity/stroke opacity". */
  readonly states = new Map<string, string>();
  private readonly ids = new Map<string, SvgElement>();
  private depth = 0;

  constructor(
    root: SvgElement,
    private readonly resolveFont: FontResolver,
    private readonly context?: PDFContext,
  ) {
    const collect = (element: SvgElement) => {
      if (element.attrs.id) this.ids.set(element.attrs.id, element);
      for (const child of element.children) if (typeof child !== 'string') collect(child);
    };
    collect(root);
  }

  element(element: SvgElement, parent: Style) {
    if (SKIPPED.has(element.name) || this.depth > 50) return;
    const d = declarations(element);
    if (d.display === 'none' || d.visibility === 'hidden') return;
    const style = styleOf(element, parent);
    const matrix = parseTransform(element.attrs.transform);
    const transformed = matrix !== IDENTITY;
    if (transformed) fmt(this.ops, pushGraphicsState(), concatTransformationMatrix(...matrix));
    this.depth++;
    switch (element.name) {
      case 'svg':
      case 'g':
      case 'a':
        for (const child of element.children) if (typeof child !== 'string') this.element(child, style);
        break;
      case 'use': {
        const href = element.attrs.href ?? element.attrs['xlink:href'] ?? '';
        const target = href.startsWith('#') ? this.ids.get(href.slice(1)) : undefined;
        if (target && this.depth < 20) {
          const [x, y] = [num(d.x), num(d.y)];
          fmt(this.ops, pushGraphicsState(), concatTransformationMatrix(1, 0, 0, 1, x, y));
          const inner = target.name === 'symbol' ? { ...target, name: 'g' } : target;
          this.element(inner, style);
          fmt(this.ops, popGraphicsState());
        }
        break;
      }
      case 'path':
        this.shape(parsePath(d.d ?? ''), style);
        break;
      case 'rect': {
        const [x, y, w, h] = [num(d.x), num(d.y), num(d.width), num(d.height)];
        if (w > 0 && h > 0)
          this.shape([['M', x, y], ['L', x + w, y], ['L', x + w, y + h], ['L', x, y + h], ['Z']], style);
        break;
      }
      case 'line':
        this.shape(
          [
            ['M', num(d.x1), num(d.y1)],
            ['L', num(d.x2), num(d.y2)],
          ],
          { ...style, fill: 'none' },
        );
        break;
      case 'polyline':
      case 'polygon': {
        const v = numbers(d.points ?? '');
        const segments: Segment[] = [];
        for (let k = 0; k + 1 < v.length; k += 2) segments.push([k === 0 ? 'M' : 'L', v[k]!, v[k + 1]!]);
        if (element.name === 'polygon' && segments.length) segments.push(['Z']);
        this.shape(segments, style);
        break;
      }
      case 'circle':
      case 'ellipse': {
        const rx = element.name === 'circle' ? num(d.r) : num(d.rx);
        const ry = element.name === 'circle' ? num(d.r) : num(d.ry);
        if (rx > 0 && ry > 0) this.shape(ellipse(num(d.cx), num(d.cy), rx, ry), style);
        break;
      }
      case 'text':
        // The invisible line is only the text of its span (above), never drawn.
        if (!(TEXT_LINE in element.attrs)) this.text(element, style, num(d.x), num(d.y));
        break;
    }
    this.depth--;
    if (transformed) fmt(this.ops, popGraphicsState());
  }

  private shape(segments: Segment[], style: Style) {
    const filled = style.fill !== 'none';
    const stroked = style.stroke !== 'none' && style.strokeWidth > 0;
    if (segments.length === 0 || (!filled && !stroked)) return;
    fmt(this.ops, pushGraphicsState());
    this.opacity(style.fillOpacity, stroked ? style.strokeOpacity : 1);
    if (filled) fmt(this.ops, setFillingRgbColor(...(style.fill as Rgb)));
    if (stroked) {
      fmt(
        this.ops,
        setStrokingRgbColor(...(style.stroke as Rgb)),
        setLineWidth(style.strokeWidth),
        setLineCap(style.lineCap),
        setLineJoin(style.lineJoin),
      );
      if (style.dash.length) fmt(this.ops, setDashPattern(style.dash, style.dashOffset));
    }
    for (const s of segments) {
      if (s[0] === 'M') fmt(this.ops, moveTo(s[1], s[2]));
      else if (s[0] === 'L') fmt(this.ops, lineTo(s[1], s[2]));
      else if (s[0] === 'C') fmt(this.ops, appendBezierCurve(s[1], s[2], s[3], s[4], s[5], s[6]));
      else fmt(this.ops, closePath());
    }
    if (filled && stroked) {
      fmt(this.ops, style.evenOdd ? PDFOperator.of(PDFOperatorNames.FillEvenOddAndStroke) : fillAndStroke());
    } else if (filled) fmt(this.ops, style.evenOdd ? PDFOperator.of(PDFOperatorNames.FillEvenOdd) : fill());
    else if (stroked) fmt(this.ops, stroke());
    else fmt(this.ops, endPath());
    fmt(this.ops, popGraphicsState());
  }

  /** Sets the transparency of what follows (in a pushed graphics state). */
  private opacity(fill: number, stroke: number) {
    if (fill >= 1 && stroke >= 1) return;
    const key = `${fill}/${stroke}`;
    let name = this.states.get(key);
    if (!name) this.states.set(key, (name = `GS${this.states.size}`));
    fmt(this.ops, setGraphicsState(name));
  }

  /** Text and its <tspan>s as one run at (x, y), in the font the resolver picks for its family. */
  private text(element: SvgElement, style: Style, x: number, y: number) {
    const content = textOf(element).replace(/\s+/g, ' ');
    if (!content.trim() || style.fill === 'none') return;
    const bold = /bold|[6-9]00/.test(style.fontWeight);
    const italic = /italic|oblique/.test(style.fontStyle);
    const { font, encodable } = this.resolveFont(style.fontFamily, bold, italic);
    const printable = encodable(content);
    let name = this.fonts.get(font);
    if (!name) {
      name = `F${this.fonts.size}`;
      this.fonts.set(font, name);
    }
    const width = font.widthOfTextAtSize(printable, style.fontSize);
    const dx = style.anchor === 'middle' ? -width / 2 : style.anchor === 'end' ? -width : 0;
    fmt(this.ops, pushGraphicsState());
    this.opacity(style.fillOpacity, 1);
    fmt(
      this.ops,
      beginText(),
      setFillingRgbColor(...style.fill),
      setFontAndSize(name, style.fontSize),
      // The drawing's y axis points down; text must stand upright.
      setTextMatrix(1, 0, 0, -1, x + dx, y),
    );
    // TeX's fonts put ß at "¼" and build ä from an accent glyph and an "a": copy and pdftotext get the text
    // as written from the run's ActualText (inside the text object, where the text state is the run's).
    const actual = element.attrs[RUN_TEXT];
    if (actual !== undefined && this.context) fmt(this.ops, beginActualText(this.context, actual));
    fmt(this.ops, showText(font.encodeText(printable)));
    if (actual !== undefined && this.context)
      fmt(this.ops, PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    fmt(this.ops, endText(), popGraphicsState());
  }
}

const num = (value: string | undefined) => {
  const n = length(value);
  return Number.isFinite(n) ? n : 0;
};

const textOf = (node: SvgNode): string =>
  typeof node === 'string' ? node : node.name === 'title' ? '' : node.children.map(textOf).join('');

const KAPPA = 0.5522847498;

function ellipse(cx: number, cy: number, rx: number, ry: number): Segment[] {
  const [kx, ky] = [rx * KAPPA, ry * KAPPA];
  return [
    ['M', cx + rx, cy],
    ['C', cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry],
    ['C', cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy],
    ['C', cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry],
    ['C', cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy],
    ['Z'],
  ];
}

/** The view box of an <svg> element (or its width and height), undefined when it has no usable size. */
export function viewBoxOf(
  svg: SvgElement,
): { x: number; y: number; width: number; height: number } | undefined {
  const v = numbers(svg.attrs.viewBox ?? '');
  if (v.length === 4 && v[2]! > 0 && v[3]! > 0) return { x: v[0]!, y: v[1]!, width: v[2]!, height: v[3]! };
  const [width, height] = [length(svg.attrs.width), length(svg.attrs.height)];
  return width > 0 && height > 0 ? { x: 0, y: 0, width, height } : undefined;
}

/**
 * The <svg> element as a Form XObject of the document, in view box units with y up (the view box's bottom
 * left corner at 0,0). Undefined when the element is no picture with a size.
 */
export function svgToForm(doc: PDFDocument, svg: SvgElement, resolveFont: FontResolver): SvgForm | undefined {
  if (svg.name !== 'svg') return undefined;
  const box = viewBoxOf(svg);
  if (!box) return undefined;
  const compiler = new Compiler(svg, resolveFont, doc.context);
  // The element's own transform and size attributes describe its place in a page, not its drawing.
  const inner: SvgElement = { ...svg, name: 'g', attrs: { ...svg.attrs, transform: '' } };
  compiler.element(inner, INITIAL);
  const ops = [concatTransformationMatrix(1, 0, 0, -1, -box.x, box.y + box.height), ...compiler.ops];
  const fonts: Record<string, PDFRef> = {};
  for (const [font, name] of compiler.fonts) fonts[name] = font.ref;
  const states: Record<string, { Type: string; ca: number; CA: number }> = {};
  for (const [key, name] of compiler.states) {
    const [ca, CA] = key.split('/').map(Number) as [number, number];
    states[name] = { Type: 'ExtGState', ca, CA };
  }
  const stream = doc.context.formXObject(ops, {
    BBox: [0, 0, box.width, box.height],
    Resources: { Font: fonts, ExtGState: states },
  });
  return { ref: doc.context.register(stream), ...box };
}

/** The name of each form in each page's resources, so a page lists a form once however often it shows it. */
const formNames = new WeakMap<PDFPage, Map<PDFRef, PDFName>>();

/** Draws a form with its bottom left corner at (x, y), one view box unit as `scale` points. */
export function drawForm(page: PDFPage, form: SvgForm, x: number, y: number, scale: number) {
  let names = formNames.get(page);
  if (!names) formNames.set(page, (names = new Map<PDFRef, PDFName>()));
  let name = names.get(form.ref);
  if (!name) names.set(form.ref, (name = page.node.newXObject('Fig', form.ref)));
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(scale, 0, 0, scale, x, y),
    drawObject(name),
    popGraphicsState(),
  );
}
