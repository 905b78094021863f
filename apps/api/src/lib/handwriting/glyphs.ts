// The stroke font of the handwriting (page.ts): every character a few pen strokes in glyph units (a digit is
// 10 units high, y grows downwards, the baseline is y = 10). Only what the demo's solutions write.

export type Point = readonly [number, number];
/** One pen stroke; `smooth` strokes are drawn as a curve through their points, the others as straight lines. */
export interface Stroke {
  pts: readonly Point[];
  smooth?: boolean;
}
export interface Glyph {
  /** Advance width in glyph units (a digit is 10 units high; y grows downwards, the baseline is y = 10). */
  w: number;
  strokes: readonly Stroke[];
}

const s = (pts: Point[], smooth = true): Stroke => ({ pts, smooth });
const line = (pts: Point[]): Stroke => ({ pts, smooth: false });
const dot = (x: number, y: number): Stroke =>
  line([
    [x, y],
    [x + 0.2, y + 0.3],
  ]);

const O: Point[] = [
  [4.5, 4],
  [1.5, 6],
  [2, 9.5],
  [4.5, 10],
  [7, 8.5],
  [7, 5.5],
  [4.5, 4],
];

export const GLYPHS: Record<string, Glyph> = {
  '0': {
    w: 10,
    strokes: [
      s([
        [5, 0],
        [2, 1.5],
        [1, 5],
        [2, 8.5],
        [5, 10],
        [8, 8.5],
        [9, 5],
        [8, 1.5],
        [5, 0],
      ]),
    ],
  },
  '1': {
    w: 8,
    strokes: [
      line([
        [2, 3],
        [6, 0],
        [6, 10],
      ]),
    ],
  },
  '2': {
    w: 10,
    strokes: [
      s([
        [1.5, 2.5],
        [3, 0.5],
        [6, 0],
        [8.5, 2],
        [8, 4.5],
        [5, 7],
        [1, 10],
      ]),
      line([
        [1, 10],
        [9, 10],
      ]),
    ],
  },
  '3': {
    w: 10,
    strokes: [
      s([
        [1.5, 1.5],
        [4, 0],
        [7.5, 1],
        [8, 3],
        [5, 4.8],
        [8.5, 6.5],
        [8.5, 9],
        [5, 10],
        [1.5, 9],
      ]),
    ],
  },
  '4': {
    w: 10,
    strokes: [
      line([
        [6.5, 10],
        [6.5, 0],
        [1, 7],
        [9, 7],
      ]),
    ],
  },
  '5': {
    w: 10,
    strokes: [
      line([
        [8, 0],
        [2.5, 0],
        [2, 4.5],
      ]),
      s([
        [2, 4.5],
        [5, 3.8],
        [8, 5.5],
        [8.3, 8],
        [5.5, 10],
        [1.5, 9],
      ]),
    ],
  },
  '6': {
    w: 10,
    strokes: [
      s([
        [7.5, 0.5],
        [4, 1],
        [1.5, 5],
        [1.5, 8],
        [4.5, 10],
        [7.5, 8.8],
        [8, 6.5],
        [5, 4.8],
        [2, 6.5],
      ]),
    ],
  },
  '7': {
    w: 10,
    strokes: [
      line([
        [1, 0],
        [9, 0],
        [3.5, 10],
      ]),
    ],
  },
  '8': {
    w: 10,
    strokes: [
      s([
        [5, 4.8],
        [2, 3],
        [2.5, 0.8],
        [5, 0],
        [7.5, 0.8],
        [8, 3],
        [5, 4.8],
        [1.5, 7],
        [2.5, 9.5],
        [5, 10],
        [7.5, 9.5],
        [8.5, 7],
        [5, 4.8],
      ]),
    ],
  },
  '9': {
    w: 10,
    strokes: [
      s([
        [8, 3],
        [5, 5],
        [2, 3.5],
        [2.5, 0.8],
        [5, 0],
        [7.5, 0.8],
        [8, 3],
        [7.5, 7],
        [5, 10],
        [2, 9.5],
      ]),
    ],
  },
  x: {
    w: 9,
    strokes: [
      line([
        [1, 4],
        [8, 10],
      ]),
      line([
        [8, 4],
        [1, 10],
      ]),
    ],
  },
  a: {
    w: 9,
    strokes: [
      s([
        [7, 5.5],
        [4.5, 4],
        [1.5, 6],
        [1.5, 9],
        [4, 10],
        [7, 8.5],
      ]),
      line([
        [7, 4],
        [7, 10],
      ]),
    ],
  },
  b: {
    w: 9,
    strokes: [
      line([
        [1.5, 0],
        [1.5, 10],
      ]),
      s([
        [1.5, 7],
        [4, 4.2],
        [7, 5],
        [7.5, 8],
        [4.5, 10],
        [1.5, 9],
      ]),
    ],
  },
  c: {
    w: 8,
    strokes: [
      s([
        [7, 5],
        [4.5, 4],
        [1.5, 6.5],
        [2, 9.5],
        [4.5, 10],
        [7, 9],
      ]),
    ],
  },
  e: {
    w: 8.5,
    strokes: [
      s([
        [1.5, 7.3],
        [7, 7],
        [6, 4.5],
        [4, 4],
        [1.5, 6],
        [1.8, 9.3],
        [4.5, 10],
        [7, 9],
      ]),
    ],
  },
  o: { w: 8.5, strokes: [s(O)] },
  P: {
    w: 9,
    strokes: [
      line([
        [1.5, 10],
        [1.5, 0],
      ]),
      s([
        [1.5, 0],
        [5, 0],
        [7.5, 1.5],
        [7.5, 3.5],
        [5, 5],
        [1.5, 5],
      ]),
    ],
  },
  r: {
    w: 7,
    strokes: [
      line([
        [1.5, 4],
        [1.5, 10],
      ]),
      s([
        [1.5, 7],
        [3, 4.5],
        [6, 4],
      ]),
    ],
  },
  '+': {
    w: 9,
    strokes: [
      line([
        [1, 6.5],
        [8, 6.5],
      ]),
      line([
        [4.5, 3.2],
        [4.5, 9.8],
      ]),
    ],
  },
  '-': {
    w: 8,
    strokes: [
      line([
        [1, 6.5],
        [7, 6.5],
      ]),
    ],
  },
  '=': {
    w: 9,
    strokes: [
      line([
        [1, 5.2],
        [8, 5.2],
      ]),
      line([
        [1, 8],
        [8, 8],
      ]),
    ],
  },
  '(': {
    w: 5,
    strokes: [
      s([
        [4, -0.5],
        [1.8, 4.5],
        [4, 11],
      ]),
    ],
  },
  ')': {
    w: 5,
    strokes: [
      s([
        [1, -0.5],
        [3.2, 4.5],
        [1, 11],
      ]),
    ],
  },
  '|': {
    w: 4,
    strokes: [
      line([
        [2, -1],
        [2, 11],
      ]),
    ],
  },
  ':': { w: 4, strokes: [dot(2, 5), dot(2, 9.3)] },
  '.': { w: 4, strokes: [dot(2, 9.5)] },
  '·': { w: 4, strokes: [dot(2, 6.5)] },
  ',': {
    w: 4,
    strokes: [
      line([
        [2.2, 9.5],
        [1.2, 11.8],
      ]),
    ],
  },
  ' ': { w: 5, strokes: [] },
};
