import {
  fill,
  PDFDocument,
  PageSizes,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  type Color,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { embedTextFonts, type TextFonts } from './fonts';

// Drawing helpers of the printed PDFs (ARCHITECTURE.md §4 "PDFs"). Text is set in DejaVu Sans Condensed,
// embedded as a subset (fonts.ts, ADR 028); every string passes printable() first.

export const MARGIN = 50;
export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.45, 0.45, 0.45);
export const SHADE = rgb(0.88, 0.88, 0.88);

export type Fonts = TextFonts;

export async function newDocument(title: string): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setLanguage('de-DE');
  doc.setProducer('Klassenzimmer');
  doc.setCreator('Klassenzimmer');
  return { doc, fonts: await embedTextFonts(doc) };
}

/** Letters, marks and digits: a word that is transliterated as a whole. */
const WORD = /[\p{L}\p{M}\p{N}]+|[^]/gu;

/**
 * The string with line breaks and tabs as spaces. A word with a character the font lacks (Chinese, Hindi,
 * Thai …) prints in Latin transliteration, so a name stays readable and is never a row of "?" or empty boxes;
 * what has no transliteration either becomes "\ufffd".
 */
export function printable(fonts: Fonts, text: string): string {
  const encodable = (s: string) => [...s].every((c) => fonts.charset.has(c.codePointAt(0)!));
  return text
    .normalize('NFC')
    .replace(/[\n\r\t]/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .replace(WORD, (word) => (encodable(word) ? word : fonts.transliterate(word) || '\ufffd'));
}

/** Breaks text into lines of at most `width` points; words longer than a line are split. */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** Shortens text to one line of at most `width` points, with an ellipsis. */
export function fitLine(font: PDFFont, size: number, text: string, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text.length;
  while (cut > 0 && font.widthOfTextAtSize(`${text.slice(0, cut)}…`, size) > width) cut--;
  return `${text.slice(0, cut)}…`;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  indent?: number;
  color?: Color;
  /** Space after the block, in points. */
  after?: number;
}

/**
 * A cursor that writes top-down and starts a new page when the next block does not fit. `top` is where the
 * content of a new page starts (below its header, which `onPage` draws).
 */
export class Writer {
  page!: PDFPage;
  y = 0;
  /** The pages this writer added, in order. */
  readonly pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly options: {
      size?: [number, number];
      top?: number;
      onPage?: (page: PDFPage, index: number) => void;
    } = {},
  ) {}

  get pageWidth() {
    return (this.options.size ?? PageSizes.A4)[0];
  }
  get pageHeight() {
    return (this.options.size ?? PageSizes.A4)[1];
  }
  get contentWidth() {
    return this.pageWidth - 2 * MARGIN;
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage(this.options.size ?? PageSizes.A4);
    this.pages.push(this.page);
    this.y = this.pageHeight - (this.options.top ?? MARGIN);
    this.options.onPage?.(this.page, this.pages.length - 1);
    return this.page;
  }

  /** Makes room for `height` points, on a new page if this one is full. */
  ensure(height: number) {
    if (this.pages.length === 0 || this.y - height < MARGIN + 20) this.newPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  /** Wrapped text; long text flows onto the next pages. */
  text(raw: string, options: TextOptions = {}) {
    this.rich([{ text: raw }], options);
  }

  /**
   * Wrapped text with inline figures (formulas, measured in em: scaled to the font size) sitting on the
   * text's baseline. Lines break at spaces only; a line grows when a figure is taller than the text.
   */
  rich(runs: Run[], options: TextOptions = {}) {
    const style = this.styleOf(options);
    const indent = options.indent ?? 0;
    for (const line of this.measure(runs, style, this.contentWidth - indent)) {
      this.ensure(line.height);
      this.y -= line.height;
      this.drawLine(line, style, MARGIN + indent, this.y + line.height);
    }
    this.y -= options.after ?? 0;
  }

  /**
   * A table with a border around every cell (room to write in empty ones) and shaded header cells. Columns
   * are as wide as their content needs, the rest of the width shared out; a row that does not fit starts a
   * new page.
   */
  table(rows: TableCell[][], options: TextOptions = {}) {
    const style = this.styleOf(options);
    const bold = this.styleOf({ ...options, bold: true });
    const indent = options.indent ?? 0;
    const available = this.contentWidth - indent;
    const columns = Math.max(1, ...rows.map((row) => row.reduce((n, cell) => n + cell.colspan, 0)));
    const natural = Array.from({ length: columns }, () => MIN_COLUMN);
    for (const row of rows) {
      let column = 0;
      for (const cell of row) {
        if (cell.colspan === 1 && column < columns) {
          const cellStyle = cell.header ? bold : style;
          const [line] = this.measure(cell.runs, cellStyle, Infinity);
          natural[column] = Math.max(natural[column]!, (line?.width ?? 0) + 2 * CELL_PADDING);
        }
        column += cell.colspan;
      }
    }
    const total = natural.reduce((a, b) => a + b, 0);
    // Too wide: columns under an equal share keep their width, the others share the rest.
    const fair = available / columns;
    const narrow = natural.filter((w) => w <= fair).reduce((a, b) => a + b, 0);
    const widths =
      total > available
        ? natural.map((w) => (w <= fair ? w : (w / (total - narrow)) * (available - narrow)))
        : natural.map((w) => w + (available - total) / columns);
    for (const row of rows) {
      let column = 0;
      const cells = row.map((cell) => {
        const width = widths.slice(column, column + cell.colspan).reduce((a, b) => a + b, 0);
        const x = MARGIN + indent + widths.slice(0, column).reduce((a, b) => a + b, 0);
        column += cell.colspan;
        const cellStyle = cell.header ? bold : style;
        const lines = this.measure(cell.runs, cellStyle, Math.max(1, width - 2 * CELL_PADDING));
        const height = lines.reduce((sum, line) => sum + line.height, 2 * CELL_PADDING);
        return { cell, cellStyle, width, x, lines, height };
      });
      const height = Math.max(style.size * 2.2, ...cells.map((c) => c.height));
      this.ensure(height);
      this.y -= height;
      for (const { cell, cellStyle, width, x, lines } of cells) {
        this.page.drawRectangle({
          x,
          y: this.y,
          width,
          height,
          color: cell.header ? SHADE : undefined,
          borderColor: BLACK,
          borderWidth: 0.6,
        });
        let top = this.y + height - CELL_PADDING;
        for (const line of lines) {
          this.drawLine(line, cellStyle, x + CELL_PADDING, top);
          top -= line.height;
        }
      }
    }
    this.y -= options.after ?? 0;
  }

  private styleOf(options: TextOptions): LineStyle {
    const size = options.size ?? 11;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    return { size, font, color: options.color ?? BLACK };
  }

  /** The runs broken into lines of at most `width` points, each as high as its tallest piece needs. */
  private measure(runs: Run[], style: LineStyle, width: number): Line[] {
    const { size, font } = style;
    const atoms = atomsOf(runs, this.fonts, font, size, Number.isFinite(width) ? width : 1e6);
    return layoutLines(atoms, width, font.widthOfTextAtSize(' ', size)).map((items) => {
      let ascent = size * 1.05;
      let descent = size * 0.25;
      for (const item of items) {
        if (!('figure' in item)) continue;
        ascent = Math.max(ascent, (item.figure.height - item.figure.depth) * item.scale + size * 0.15);
        descent = Math.max(descent, item.figure.depth * item.scale + size * 0.1);
      }
      const last = items[items.length - 1];
      return { items, ascent, height: ascent + descent, width: last ? last.x + last.width : 0 };
    });
  }

  /** Draws a measured line with its top at `top`. */
  private drawLine(line: Line, { size, font, color }: LineStyle, left: number, top: number) {
    const baseline = top - line.ascent;
    for (const item of line.items) {
      const x = left + item.x;
      if ('figure' in item) item.figure.draw(this.page, x, baseline, item.scale);
      else this.page.drawText(item.text, { x, y: baseline, size, font, color: item.color ?? color });
    }
  }

  /** A figure as a block of its own, scaled down to fit the column and the page; centred unless indented. */
  figure(
    figure: Figure,
    options: { scale?: number; indent?: number; center?: boolean; after?: number } = {},
  ) {
    const indent = options.indent ?? 0;
    const width = this.contentWidth - indent;
    const body = this.pageHeight - (this.options.top ?? MARGIN) - MARGIN - 30;
    const scale = Math.min(options.scale ?? 1, width / figure.width, body / figure.height);
    const height = figure.height * scale;
    this.ensure(height + 4);
    this.y -= height + 4;
    const x = MARGIN + indent + (options.center ? (width - figure.width * scale) / 2 : 0);
    figure.draw(this.page, x, this.y + figure.depth * scale, scale);
    this.y -= options.after ?? 0;
  }
}

/** A piece of a paragraph: text (in the paragraph's font), an inline figure, or a line break. */
export type Run = { text: string; color?: Color } | { figure: Figure } | { lineBreak: true };

/** A figure as layout needs it: its size at scale 1, its depth below the baseline, and how to draw it. */
export interface Figure {
  width: number;
  height: number;
  depth: number;
  draw(page: PDFPage, x: number, baseline: number, scale: number): void;
}

type Atom = { width: number; space: boolean } & (
  { text: string; color?: Color } | { figure: Figure; scale: number }
);
type Placed = Atom & { x: number };
interface Line {
  items: Placed[];
  ascent: number;
  height: number;
  width: number;
}
interface LineStyle {
  size: number;
  font: PDFFont;
  color: Color;
}

/** A table cell: its content, whether it is a header cell, and how many columns it spans. */
export interface TableCell {
  runs: Run[];
  header: boolean;
  colspan: number;
}

const CELL_PADDING = 4;
/** The narrowest column: room to write a number into an empty cell. */
const MIN_COLUMN = 60;
/** A forced line break between atoms. */
const BREAK = Symbol('line break');

/** The runs as unbreakable atoms, each knowing whether a space (a possible break) comes before it. */
function atomsOf(
  runs: Run[],
  fonts: Fonts,
  font: PDFFont,
  size: number,
  width: number,
): Array<Atom | typeof BREAK> {
  const atoms: Array<Atom | typeof BREAK> = [];
  let space = false;
  for (const run of runs) {
    if ('lineBreak' in run) {
      atoms.push(BREAK);
      space = false;
      continue;
    }
    if ('figure' in run) {
      // A figure wider than the column is scaled down to fit.
      const scale = Math.min(size, width / run.figure.width);
      atoms.push({ figure: run.figure, scale, width: run.figure.width * scale, space });
      space = false;
      continue;
    }
    printable(fonts, run.text)
      .split(/ +/)
      .forEach((part, i) => {
        if (i > 0) space = true;
        if (!part) return;
        // A word longer than a line is split where it has to be.
        wrap(font, size, part, width).forEach((piece, k) => {
          atoms.push({
            text: piece,
            color: run.color,
            width: font.widthOfTextAtSize(piece, size),
            space: space || k > 0,
          });
          space = false;
        });
      });
  }
  return atoms;
}

/** Greedy line breaking at spaces; atoms without a space between them stay on one line if they fit. */
function layoutLines(atoms: Array<Atom | typeof BREAK>, width: number, space: number): Placed[][] {
  // Words: runs of atoms with no space between them; a break is a word of none.
  const words: Atom[][] = [];
  for (const atom of atoms) {
    if (atom === BREAK) words.push([]);
    else if (atom.space || words.length === 0 || words[words.length - 1]!.length === 0) words.push([atom]);
    else words[words.length - 1]!.push(atom);
  }
  const lines: Placed[][] = [];
  let line: Placed[] = [];
  let x = 0;
  const place = (word: Atom[], gap: number) => {
    x += gap;
    for (const atom of word) {
      const previous = line[line.length - 1];
      const join = gap > 0 && atom === word[0] ? ' ' : '';
      // Neighbouring text of one colour is one string, so that the PDF's text reads as written.
      if (previous && 'text' in previous && 'text' in atom && previous.color === atom.color) {
        previous.text += join + atom.text;
        previous.width = x + atom.width - previous.x;
      } else line.push({ ...atom, x });
      x += atom.width;
    }
  };
  for (const word of words) {
    if (word.length === 0) {
      lines.push(line);
      [line, x] = [[], 0];
      continue;
    }
    const wordWidth = word.reduce((sum, a) => sum + a.width, 0);
    const gap = line.length ? space : 0;
    if (x + gap + wordWidth <= width) {
      place(word, gap);
      continue;
    }
    if (line.length) lines.push(line);
    [line, x] = [[], 0];
    if (wordWidth <= width) {
      place(word, 0);
      continue;
    }
    // Longer than a line: break between its atoms.
    for (const atom of word) {
      if (line.length && x + atom.width > width) {
        lines.push(line);
        [line, x] = [[], 0];
      }
      place([atom], 0);
    }
  }
  if (line.length || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * Draws a QR code as vector rectangles (one per run of dark modules in a row, all filled as one path), never
 * as a raster image, so it stays sharp in print and in scans. (x, y) is the lower left corner; the quiet zone
 * is outside.
 */
export function drawQrCode(page: PDFPage, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / n;
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      ops.push(rectangle(x + start * cell, y + size - (row + 1) * cell, (col - start) * cell, cell));
    }
  }
  page.pushOperators(...ops, fill(), popGraphicsState());
}

/** Draws one line of text at a position (already printable), in the given font. */
export function drawLine(
  page: PDFPage,
  fonts: Fonts,
  text: string,
  x: number,
  y: number,
  options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {},
) {
  page.drawText(printable(fonts, text), {
    x,
    y,
    size: options.size ?? 10,
    font: options.bold ? fonts.bold : fonts.regular,
    color: options.color ?? BLACK,
  });
}
