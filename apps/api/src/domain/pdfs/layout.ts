import { PDFDocument, PageSizes, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

// Drawing helpers of the printed PDFs (ARCHITECTURE.md §4 "PDFs"): pdf-lib with its standard Helvetica,
// whose WinAnsi encoding covers German text (ä ö ü ß € „ “ –). Characters outside it would make pdf-lib
// throw, so every string passes printable() first.

export const MARGIN = 50;
const LINE_GAP = 1.3;
export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.45, 0.45, 0.45);
export const SHADE = rgb(0.88, 0.88, 0.88);

/** Replacements for common characters WinAnsi lacks; anything else unprintable becomes "?". */
const REPLACEMENTS: Record<string, string> = {
  '\u2212': '-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2713': 'x',
  '\u2714': 'x',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2011': '-',
  '\u2010': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u221e': 'unendlich',
};

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Code points the fonts can encode. */
  charset: Set<number>;
}

export async function newDocument(title: string): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setLanguage('de-DE');
  doc.setProducer('Klassenzimmer');
  doc.setCreator('Klassenzimmer');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, fonts: { regular, bold, charset: new Set(regular.getCharacterSet()) } };
}

/** The string with line breaks and tabs as spaces and every character the font cannot encode replaced. */
export function printable(fonts: Fonts, text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (char === '\n' || char === '\r' || char === '\t') out += ' ';
    else if (fonts.charset.has(char.codePointAt(0)!)) out += char;
    else out += REPLACEMENTS[char] ?? '?';
  }
  return out;
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
  color?: ReturnType<typeof rgb>;
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
    const size = options.size ?? 11;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    const lines = wrap(font, size, printable(this.fonts, raw), this.contentWidth - indent);
    for (const line of lines) {
      this.ensure(size * LINE_GAP);
      this.y -= size * LINE_GAP;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y + size * 0.25,
        size,
        font,
        color: options.color ?? BLACK,
      });
    }
    this.y -= options.after ?? 0;
  }
}

/**
 * Draws a QR code as vector rectangles (one per run of dark modules in a row), never as a raster image,
 * so it stays sharp in print and in scans. (x, y) is the lower left corner; the quiet zone is outside.
 */
export function drawQrCode(page: PDFPage, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / n;
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      page.drawRectangle({
        x: x + start * cell,
        y: y + size - (row + 1) * cell,
        width: (col - start) * cell,
        height: cell,
        color: BLACK,
      });
    }
  }
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

/** German date (dd.mm.yyyy) in the school's time zone. */
export const germanDate = (date: Date) =>
  date.toLocaleDateString('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });

/** A file name without characters file systems refuse. */
export const safeFileName = (name: string) =>
  name
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80) || 'Dokument';
