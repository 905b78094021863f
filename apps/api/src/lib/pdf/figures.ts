import { readFile } from 'node:fs/promises';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { loadSharp } from '../sharp';
import { tikzFontFile } from '../tikz/fonts';
import { withTikzLayers } from '../tikz/layers';
import { printable, type Figure, type Fonts } from './layout';
import { formulaSvg, loadMathEngine } from './math';
import { drawForm, parseXml, svgToForm, type FontResolver, type SvgElement, type SvgNode } from './svg';

// The pictures of a PDF, each made once per document before anything is laid out (ARCHITECTURE.md §4
// "PDFs"): formulas (LaTeX) and TikZ pictures (tikzjax's SVG) as vector Form XObjects, images (data URLs)
// embedded once. A document drawing one of them on many pages (a worksheet for a class) refers to it.

/** PNG, JPEG and (converted to PNG) GIF and WebP data URLs; anything else is no image. */
const DATA_URL = /^data:image\/(png|jpeg|jpg|gif|webp);base64,([a-z0-9+/=\s]+)$/i;

/** Longer formulas print as their source: MathJax takes about a second per few thousand characters. */
const FORMULA_MAX_LENGTH = 1000;
/** Time one PDF may spend on formulas; the ones after print as their source (a task of nothing else). */
const FORMULA_BUDGET_MS = 3000;

/** CSS pixels to points (96 px per inch, 72 pt per inch). */
const PX = 0.75;

/** The TeX fonts' files, read once per process. */
const fontFiles = new Map<string, Promise<Uint8Array | undefined>>();

function tikzFontBytes(name: string): Promise<Uint8Array | undefined> {
  let bytes = fontFiles.get(name);
  if (!bytes) {
    const file = tikzFontFile(`${name}.ttf`);
    bytes = file ? readFile(file).catch(() => undefined) : Promise.resolve(undefined);
    fontFiles.set(name, bytes);
  }
  return bytes;
}

export class Figures {
  private readonly figures = new Map<string, Figure | undefined>();
  private readonly texFonts = new Map<string, PDFFont>();
  private formulaMs = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {}

  static formulaKey = (latex: string, display: boolean) => `${display ? 'D' : 'I'}:${latex}`;

  formula(latex: string, display: boolean): Figure | undefined {
    return this.figures.get(Figures.formulaKey(latex, display));
  }
  tikz(svg: string): Figure | undefined {
    return this.figures.get(`T:${svg}`);
  }
  image(src: string): Figure | undefined {
    return this.figures.get(`P:${src}`);
  }

  /** Typesets a formula once per document; MathJax is loaded with the first (ADR 023). */
  async addFormula(latex: string, display: boolean) {
    const key = Figures.formulaKey(latex, display);
    if (this.figures.has(key)) return;
    // Loading is not typesetting time.
    await loadMathEngine();
    const started = performance.now();
    this.figures.set(key, this.makeFormula(latex, display));
    this.formulaMs += performance.now() - started;
  }

  /** Draws a TikZ picture's SVG once per document. */
  async addTikz(svg: string) {
    if (svg && !this.figures.has(`T:${svg}`)) this.figures.set(`T:${svg}`, await this.makeTikz(svg));
  }

  /** Embeds an image (a data URL) once per document. */
  async addImage(src: string) {
    if (src && !this.figures.has(`P:${src}`)) this.figures.set(`P:${src}`, await this.makeImage(src));
  }

  /** Text MathJax could not draw as glyphs (letters outside its fonts), any unknown family: the text font. */
  private readonly helvetica: FontResolver = (_family, bold) => ({
    font: bold ? this.fonts.bold : this.fonts.regular,
    encodable: (s) => printable(this.fonts, s),
  });

  private makeFormula(latex: string, display: boolean): Figure | undefined {
    if (latex.length > FORMULA_MAX_LENGTH || this.formulaMs > FORMULA_BUDGET_MS) return undefined;
    const svg = formulaSvg(latex, display);
    const form = svg && svgToForm(this.doc, svg, this.helvetica);
    if (!form) return undefined;
    // MathJax's units are 1/1000 em, the baseline at y = 0.
    const em = 1000;
    const depth = (form.y + form.height) / em;
    return {
      width: form.width / em,
      height: form.height / em,
      depth,
      draw: (page, x, baseline, scale) => drawForm(page, form, x, baseline - depth * scale, scale / em),
    };
  }

  private async makeTikz(source: string): Promise<Figure | undefined> {
    // A picture stored before the text layer gets it here: its labels are then text as written (svg/draw.ts).
    const svg = parseXml(withTikzLayers(source));
    if (!svg) return undefined;
    for (const family of fontFamilies(svg)) {
      if (this.texFonts.has(family)) continue;
      const bytes = await tikzFontBytes(family);
      if (!bytes) continue;
      // fontkit (about 15 MB) is loaded with the first TikZ font (ADR 023).
      this.doc.registerFontkit((await import('@pdf-lib/fontkit')).default);
      this.texFonts.set(family, await this.doc.embedFont(bytes, { subset: true }));
    }
    const resolve: FontResolver = (family, bold, italic) => {
      const font = this.texFonts.get(family);
      return font ? { font, encodable: (s) => s } : this.helvetica(family, bold, italic);
    };
    const form = svgToForm(this.doc, svg, resolve);
    // tikzjax's view box is in TeX points, near enough PDF points.
    return (
      form && {
        width: form.width,
        height: form.height,
        depth: 0,
        draw: (page, x, y, s) => drawForm(page, form, x, y, s),
      }
    );
  }

  private async makeImage(src: string): Promise<Figure | undefined> {
    const match = DATA_URL.exec(src);
    if (!match) return undefined;
    try {
      // A copy of its own: pdf-lib's JPEG reader ignores a view's offset into a pooled buffer.
      let bytes = new Uint8Array(Buffer.from(match[2]!, 'base64'));
      const kind = match[1]!.toLowerCase();
      // pdf-lib reads PNG and JPEG; sharp (which also reads the uploads) turns the rest into PNG.
      if (kind === 'gif' || kind === 'webp')
        bytes = new Uint8Array(await (await loadSharp())(bytes, { limitInputPixels: 40e6 }).png().toBuffer());
      const image =
        kind === 'jpeg' || kind === 'jpg' ? await this.doc.embedJpg(bytes) : await this.doc.embedPng(bytes);
      if (!(image.width > 0 && image.height > 0)) return undefined;
      return {
        width: image.width * PX,
        height: image.height * PX,
        depth: 0,
        draw: (page, x, y, s) =>
          page.drawImage(image, { x, y, width: image.width * PX * s, height: image.height * PX * s }),
      };
    } catch {
      return undefined;
    }
  }
}

/** The font families the picture's text uses. */
function fontFamilies(svg: SvgElement): Set<string> {
  const out = new Set<string>();
  const visit = (node: SvgNode) => {
    if (typeof node === 'string') return;
    const family = node.attrs['font-family'] ?? /font-family:\s*([^;]+)/.exec(node.attrs.style ?? '')?.[1];
    if (family) out.add(family.replace(/["']/g, '').split(',')[0]!.trim());
    node.children.forEach(visit);
  };
  visit(svg);
  return out;
}
