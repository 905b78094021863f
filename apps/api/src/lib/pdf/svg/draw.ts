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
import { ellipse, IDENTITY, numbers, parsePath, parseTransform, type Segment } from './geometry';
import { declarations, INITIAL, length, num, parseColor, styleOf, type Rgb, type Style } from './paint';
import type { SvgElement, SvgNode } from './xml';

// A small SVG → PDF drawer for the pictures the server makes itself (MathJax formulas, tikzjax pictures;
// ARCHITECTURE.md §4 "PDFs"): groups with transforms, paths, basic shapes, <use> of <defs>, and text in
// embedded fonts become one Form XObject of vector operators, drawn on any page with one `Do`. Clip paths
// clip; a gradient paints in its mean colour. What it does not know (masks, patterns, filters) is skipped,
// never an error. The tree comes from xml.ts, coordinates from geometry.ts, colours and inherited properties
// from paint.ts; this file walks the tree and writes the operators.

/** The invisible Unicode line of a TikZ label over TeX's glyph runs (lib/tikz/layers.ts): not drawn here. */
const TEXT_LINE = 'data-tikz-text';
/** A TeX glyph run's Unicode text where its glyphs read otherwise: the run's ActualText. */
const RUN_TEXT = 'data-tikz-unicode';

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
    // A gradient (TikZ's \shade) is painted in its mean colour: close from afar, never the black box an
    // unknown paint would give.
    const fillGradient = this.gradientColor(d.fill);
    if (fillGradient) style.fill = fillGradient;
    const strokeGradient = this.gradientColor(d.stroke);
    if (strokeGradient) style.stroke = strokeGradient;
    const matrix = parseTransform(element.attrs.transform);
    const clip = this.reference(d['clip-path'], 'clipPath');
    const transformed = matrix !== IDENTITY || clip !== undefined;
    if (transformed) fmt(this.ops, pushGraphicsState());
    if (matrix !== IDENTITY) fmt(this.ops, concatTransformationMatrix(...matrix));
    if (clip) this.clip(clip);
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
      case 'rect':
      case 'polyline':
      case 'polygon':
      case 'circle':
      case 'ellipse':
        this.shape(outlineOf(element), style);
        break;
      case 'line':
        this.shape(outlineOf(element), { ...style, fill: 'none' });
        break;
      case 'text':
        // The invisible line is only the text of its span (above), never drawn.
        if (!(TEXT_LINE in element.attrs)) this.text(element, style, num(d.x), num(d.y));
        break;
    }
    this.depth--;
    if (transformed) fmt(this.ops, popGraphicsState());
  }

  /** The element a `url(#id)` paint or clip names, if it is a `kind` (one of several names). */
  private reference(value: string | undefined, ...kinds: string[]): SvgElement | undefined {
    const id = /^url\(\s*["']?#([^"')\s]+)["']?\s*\)/.exec(value?.trim() ?? '')?.[1];
    const target = id === undefined ? undefined : this.ids.get(id);
    return target && kinds.includes(target.name) ? target : undefined;
  }

  /** The mean colour of the stops of the gradient a paint names (following its href for inherited stops). */
  private gradientColor(paint: string | undefined): Rgb | undefined {
    let gradient = this.reference(paint, 'linearGradient', 'radialGradient');
    for (let hops = 0; gradient && hops < 5; hops++) {
      const stops = gradient.children.filter(
        (c): c is SvgElement => typeof c !== 'string' && c.name === 'stop',
      );
      if (stops.length > 0) {
        const colours = stops.map((stop) => {
          const colour = parseColor(declarations(stop)['stop-color'] ?? 'black');
          return colour === undefined || colour === 'none' ? ([0, 0, 0] as Rgb) : colour;
        });
        return [0, 1, 2].map((i) => colours.reduce((sum, c) => sum + c[i]!, 0) / colours.length) as Rgb;
      }
      const href = gradient.attrs.href ?? gradient.attrs['xlink:href'];
      gradient = this.reference(href && `url(${href})`, 'linearGradient', 'radialGradient');
    }
    return undefined;
  }

  /**
   * Clips what follows (in a pushed graphics state) to the shapes of a <clipPath> in user space: their
   * outlines as one path (each shape's own transform applied to its points), then `W n`.
   */
  private clip(clipPath: SvgElement) {
    const segments: Segment[] = [];
    for (const child of clipPath.children) {
      if (typeof child === 'string') continue;
      const outline = outlineOf(child);
      const m = parseTransform(child.attrs.transform);
      const at = (x: number, y: number): [number, number] => [
        m[0] * x + m[2] * y + m[4],
        m[1] * x + m[3] * y + m[5],
      ];
      for (const s of outline) {
        if (s[0] === 'M' || s[0] === 'L') segments.push([s[0], ...at(s[1], s[2])]);
        else if (s[0] === 'C') segments.push(['C', ...at(s[1], s[2]), ...at(s[3], s[4]), ...at(s[5], s[6])]);
        else segments.push(s);
      }
    }
    // A clip path without shapes hides everything, as in a browser.
    if (segments.length === 0) segments.push(['M', 0, 0], ['L', 0, 0], ['Z']);
    this.path(segments);
    fmt(this.ops, PDFOperator.of(PDFOperatorNames.ClipNonZero), endPath());
  }

  private path(segments: Segment[]) {
    for (const s of segments) {
      if (s[0] === 'M') fmt(this.ops, moveTo(s[1], s[2]));
      else if (s[0] === 'L') fmt(this.ops, lineTo(s[1], s[2]));
      else if (s[0] === 'C') fmt(this.ops, appendBezierCurve(s[1], s[2], s[3], s[4], s[5], s[6]));
      else fmt(this.ops, closePath());
    }
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
    this.path(segments);
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

/** The outline of a basic shape or path in its own coordinates; nothing for other elements. */
function outlineOf(element: SvgElement): Segment[] {
  const d = declarations(element);
  switch (element.name) {
    case 'path':
      return parsePath(d.d ?? '');
    case 'rect': {
      const [x, y, w, h] = [num(d.x), num(d.y), num(d.width), num(d.height)];
      return w > 0 && h > 0
        ? [['M', x, y], ['L', x + w, y], ['L', x + w, y + h], ['L', x, y + h], ['Z']]
        : [];
    }
    case 'line':
      return [
        ['M', num(d.x1), num(d.y1)],
        ['L', num(d.x2), num(d.y2)],
      ];
    case 'polyline':
    case 'polygon': {
      const v = numbers(d.points ?? '');
      const segments: Segment[] = [];
      for (let k = 0; k + 1 < v.length; k += 2) segments.push([k === 0 ? 'M' : 'L', v[k]!, v[k + 1]!]);
      if (element.name === 'polygon' && segments.length) segments.push(['Z']);
      return segments;
    }
    case 'circle':
    case 'ellipse': {
      const rx = element.name === 'circle' ? num(d.r) : num(d.rx);
      const ry = element.name === 'circle' ? num(d.r) : num(d.ry);
      return rx > 0 && ry > 0 ? ellipse(num(d.cx), num(d.cy), rx, ry) : [];
    }
    default:
      return [];
  }
}

const textOf = (node: SvgNode): string =>
  typeof node === 'string' ? node : node.name === 'title' ? '' : node.children.map(textOf).join('');

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
