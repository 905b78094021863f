// Coordinates of the SVG drawer (draw.ts): transform lists as matrices, path data and the basic shapes as
// absolute moves, lines and cubic curves, the operators PDF paths are made of.

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
export const numbers = (text: string) => (text.match(NUMBER) ?? []).map(Number);

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

const KAPPA = 0.5522847498;

export function ellipse(cx: number, cy: number, rx: number, ry: number): Segment[] {
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
