import { darkArea, darkInk } from './colors';
import { fontMetrics } from './metrics';
import { accented, encodingOf, glyphOf, spacingAccent, texCode } from './tex-text';
import { attr, parseXml, serializeXml, setAttr, textContent, type XmlElement, type XmlNode } from './xml';

/**
 * What the pages and PDFs need on top of TeX's drawing (ADR 016), added to a sanitised picture:
 *
 * - **A text layer.** TeX's glyphs sit at code points that are no Unicode (ß is "¼", ä is an accent glyph
 *   and an "a" in two runs, a word is split at every kern). Each line of a label gets one invisible `<text
 *   data-tikz-text>` with its Unicode text over the glyph runs, which become `aria-hidden` and unselectable:
 *   copy, find in page and screen readers get "gefärbt", the eye still TeX's glyphs. A run whose glyphs do
 *   not read as its text carries that text (`data-tikz-unicode`, the PDF's ActualText), and the root all
 *   labels (`data-tikz-label`), with which the pages name the picture (its wrapper is the `role="img"`).
 * - **Dark-mode colours.** Every fill and stroke colour gets its dark variant as a custom property
 *   (`--tikz-fill`, `--tikz-stroke`, `--tikz-text` for labels), which the pages' CSS applies in dark mode
 *   only (colors.ts). Light mode and PDFs draw the colours TeX chose.
 *
 * Stored pictures from before get the same on read (`withTikzLayers` is cheap and idempotent).
 */

const MARK = 'data-tikz-layers';
/** All labels' text on the root, for the pages' name of the picture (`tikzPictureText` of the contract). */
const LABEL = 'data-tikz-label';
/** Raised when this file changes what it adds; older pictures are then upgraded again on read. */
const VERSION = '1';

/** Marks the invisible text lines (the PDF drawer skips them). */
export const TEXT_LINE_ATTRIBUTE = 'data-tikz-text';
/** A glyph run's Unicode text where its glyphs read otherwise (the PDF drawer's ActualText). */
export const RUN_TEXT_ATTRIBUTE = 'data-tikz-unicode';

/** Longest label text of a picture: a plot’s tick labels can be many. */
const MAX_LABEL = 1000;

const USER_SELECT = `svg[${MARK}] text[aria-hidden]{-webkit-user-select:none;user-select:none}`;

export function hasTikzLayers(svg: string): boolean {
  return svg.includes(` ${MARK}="${VERSION}"`);
}

/** `svg` with the text layer and dark-mode colours; as it is when it has them or is no picture of ours. */
export function withTikzLayers(svg: string): string {
  if (hasTikzLayers(svg)) return svg;
  const root = parseXml(svg);
  if (!root || root.name !== 'svg') return svg;
  withoutOldLayer(root);
  addColors(root);
  addTextLayer(root, { family: '', size: 16 });
  const lines = labelsOf(root);
  root.attrs = root.attrs.filter(([name]) => name !== MARK && name !== LABEL);
  root.attrs.push([MARK, VERSION]);
  if (lines.length) {
    const label = lines.join(', ');
    root.attrs.push([LABEL, label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL)}…` : label]);
    styleElement(root).children.push(USER_SELECT);
  }
  return serializeXml(root);
}

/** A picture layered by an older version: its text lines and rule go, the new ones come. */
function withoutOldLayer(element: XmlElement) {
  element.children = element.children.filter(
    (c) => typeof c === 'string' || attr(c, TEXT_LINE_ATTRIBUTE) === undefined,
  );
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (child.name === 'style')
      child.children = child.children.map((c) => (typeof c === 'string' ? c.replace(USER_SELECT, '') : c));
    else withoutOldLayer(child);
  }
}

// ---- colours ------------------------------------------------------------------------------------------

const NOT_DRAWN = new Set([
  'defs',
  'clipPath',
  'mask',
  'style',
  'linearGradient',
  'radialGradient',
  'pattern',
]);

/** The `style` declarations of an element as [property, value] pairs. */
function declarations(element: XmlElement): Array<[string, string]> {
  return (attr(element, 'style') ?? '')
    .split(';')
    .map((d) => d.split(':'))
    .filter((p) => p.length >= 2)
    .map(([property, ...value]) => [property!.trim().toLowerCase(), value.join(':').trim()]);
}

const containsText = (element: XmlElement): boolean =>
  element.children.some((c) => typeof c !== 'string' && (c.name === 'text' || containsText(c)));

function addColors(element: XmlElement) {
  if (NOT_DRAWN.has(element.name)) return;
  const style = declarations(element);
  const value = (property: string) => style.find(([p]) => p === property)?.[1] ?? attr(element, property);
  const extra: string[] = [];
  const fill = value('fill');
  if (fill) {
    const isText = element.name === 'text' || element.name === 'tspan';
    const area = isText ? null : darkArea(fill);
    if (area) extra.push(`--tikz-fill:${area}`);
    const ink = isText || containsText(element) ? darkInk(fill) : null;
    if (ink) extra.push(`--tikz-text:${ink}`);
  }
  const stroke = value('stroke');
  const ink = stroke ? darkInk(stroke) : null;
  if (ink) extra.push(`--tikz-stroke:${ink}`);
  if (extra.length) {
    const kept = style.filter(([p]) => !p.startsWith('--tikz-')).map(([p, v]) => `${p}:${v}`);
    setAttr(element, 'style', [...kept, ...extra].join(';'));
  }
  for (const child of element.children) if (typeof child !== 'string') addColors(child);
}

// ---- text layer ---------------------------------------------------------------------------------------

interface Inherited {
  family: string;
  size: number;
}

/** One <text> of TeX: its glyphs decoded, where it starts and ends. */
interface Run {
  element: XmlElement;
  x: number;
  y: number;
  size: number;
  transform: string;
  /** Decoded pieces: characters, or an accent for the letter after it, with their advance in user units. */
  pieces: Array<{ text: string; accent?: string; advance: number }>;
}

const number = (value: string | undefined) => {
  const n = parseFloat(value ?? '');
  return Number.isFinite(n) ? n : undefined;
};

function runOf(element: XmlElement, inherited: Inherited): Run | undefined {
  if (element.name !== 'text' || attr(element, TEXT_LINE_ATTRIBUTE) !== undefined) return undefined;
  if (element.children.some((c) => typeof c !== 'string')) return undefined;
  const family = attr(element, 'font-family') ?? inherited.family;
  const size = number(attr(element, 'font-size')) ?? inherited.size;
  const encoding = encodingOf(family);
  const metrics = fontMetrics(family);
  const pieces: Run['pieces'] = [];
  for (const char of textContent(element)) {
    const codePoint = char.codePointAt(0)!;
    const advance = (metrics?.advance(codePoint) ?? 0.5) * size;
    const glyph = glyphOf(encoding, texCode(codePoint));
    pieces.push(
      'accent' in glyph ? { text: '', accent: glyph.accent, advance } : { text: glyph.text, advance },
    );
  }
  return {
    element,
    x: number(attr(element, 'x')) ?? 0,
    y: number(attr(element, 'y')) ?? 0,
    size,
    transform: attr(element, 'transform') ?? '',
    pieces,
  };
}

const widthOf = (run: Run) => run.pieces.reduce((sum, p) => sum + p.advance, 0);

/**
 * Puts each accent on the letter it stands over: the next piece of its run, or the first letter of the next
 * run when that starts under the accent (TeX moves back after an accent; a capital's accent is a run of its
 * own, raised). An accent over nothing becomes its spacing form.
 */
function placeAccents(runs: Run[]) {
  runs.forEach((run, index) => {
    let x = run.x;
    run.pieces.forEach((piece, i) => {
      const start = x;
      x += piece.advance;
      if (piece.accent === undefined) return;
      const mark = piece.accent;
      piece.accent = undefined;
      const nextHere = run.pieces.slice(i + 1).find((p) => p.text || p.accent);
      const next = runs[index + 1];
      const target =
        nextHere ??
        (next && next.transform === run.transform && next.x < x + 0.1 * run.size
          ? next.pieces.find((p) => p.text)
          : undefined);
      if (target && target.text) target.text = accented(target.text[0]!, mark) + target.text.slice(1);
      else piece.text = spacingAccent(mark);
      // The accent's own width is no part of the line: TeX set the letter where the accent began.
      if (!nextHere && target)
        piece.advance = Math.min(piece.advance, Math.max(0, (next?.x ?? start) - start));
    });
  });
}

/**
 * An accent at the end of a run over the first letter of the next (TeX sets ä as the accent, a move back and
 * the "a") becomes a run of its own, like a capital's accent: the PDF can then give the letter its text
 * without the accent's glyph lying over the next run (pdftotext would break the word there).
 */
function splitTrailingAccents(children: XmlNode[], inherited: Inherited) {
  const runs = children.flatMap((child, index) => {
    const run = typeof child === 'string' ? undefined : runOf(child, inherited);
    return run ? [{ run, index }] : [];
  });
  for (let i = runs.length - 2; i >= 0; i--) {
    const { run, index } = runs[i]!;
    const next = runs[i + 1]!.run;
    const last = run.pieces[run.pieces.length - 1]!;
    if (run.pieces.length < 2 || last.accent === undefined || next.transform !== run.transform) continue;
    const start = run.x + run.pieces.slice(0, -1).reduce((sum, p) => sum + p.advance, 0);
    if (next.x >= start + last.advance - 0.05 * run.size) continue;
    const chars = [...textContent(run.element)];
    run.element.children = [chars.slice(0, -1).join('')];
    const accent: XmlElement = {
      name: 'text',
      attrs: run.element.attrs.map(([name, value]) => [name, name === 'x' ? round(start) : value]),
      children: [chars[chars.length - 1]!],
    };
    children.splice(index + 1, 0, accent);
  }
}

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '−': '⁻',
  '-': '⁻',
  '=': '⁼',
  '(': '⁽',
  ')': '⁾',
  n: 'ⁿ',
  i: 'ⁱ',
};
const SUBSCRIPT: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  '+': '₊',
  '−': '₋',
  '-': '₋',
  '=': '₌',
  '(': '₍',
  ')': '₎',
};

/** The text of a run on a line whose baseline is `baseline` (size `size`): raised digits as ², a lowered ” as „. */
function lineText(run: Run, baseline: number, size: number): string {
  const text = run.pieces.map((p) => p.text).join('');
  const shift = (run.y - baseline) / size;
  if (shift > 0.3 && (text === '\u201d' || text === '\u2019')) return text === '\u201d' ? '„' : '‚';
  const smaller = run.size < size * 0.9;
  const table = smaller && shift < -0.2 ? SUPERSCRIPT : smaller && shift > 0.1 ? SUBSCRIPT : undefined;
  if (table && [...text].every((c) => table[c])) return [...text].map((c) => table[c]).join('');
  return text;
}

interface Line {
  runs: Run[];
  /** The child index of its last run: its invisible text goes after it. */
  to: number;
}

/** Text runs of one parent, in order, split into lines: same transform, same baseline, no wide gap. */
function linesOf(children: XmlNode[], inherited: Inherited): { runs: Run[]; lines: Line[] } {
  const runs: Array<{ run: Run; index: number }> = [];
  children.forEach((child, index) => {
    const run = typeof child === 'string' ? undefined : runOf(child, inherited);
    if (run) runs.push({ run, index });
  });
  const all = runs.map((r) => r.run);
  placeAccents(all);
  const lines: Line[] = [];
  let current: (Line & { baseline: number; size: number; end: number }) | null = null;
  for (const { run, index } of runs) {
    // An accent's own run (over a capital) has given its accent to the letter.
    if (!run.pieces.some((p) => p.text)) continue;
    const gap = current ? run.x - current.end : 0;
    const sameLine =
      current &&
      run.transform === current.runs[0]!.transform &&
      Math.abs(run.y - current.baseline) <= 0.6 * Math.max(run.size, current.size) &&
      gap > -0.3 * current.size &&
      gap < 2 * current.size;
    if (current && sameLine) {
      current.runs.push(run);
      current.to = index;
      current.end = Math.max(current.end, run.x + widthOf(run));
      if (run.size > current.size) [current.size, current.baseline] = [run.size, run.y];
    } else {
      current = { runs: [run], to: index, baseline: run.y, size: run.size, end: run.x + widthOf(run) };
      lines.push(current);
    }
  }
  return { runs: all, lines };
}

/** The line's words: runs joined, with a space where the gap is wider than a kern. */
function wordsOf(line: Line): {
  text: string;
  runs: Array<[Run, string]>;
  baseline: number;
  size: number;
  start: number;
  end: number;
} {
  const size = Math.max(...line.runs.map((r) => r.size));
  const main = line.runs.filter((r) => r.size === size);
  const baseline = main.reduce((a, b) => (b.pieces.length > a.pieces.length ? b : a)).y;
  let text = '';
  let end: number | undefined;
  const runs: Array<[Run, string]> = [];
  for (const run of line.runs) {
    if (end !== undefined && run.x - end > 0.15 * size && !text.endsWith(' ')) text += ' ';
    const own = lineText(run, baseline, size);
    runs.push([run, own]);
    text += own;
    end = Math.max(end ?? -Infinity, run.x + widthOf(run));
  }
  const start = line.runs[0]!.x;
  return { text: text.replace(/\s+/g, ' ').trim(), runs, baseline, size, start, end: end ?? start };
}

const round = (n: number) => String(Math.round(n * 1000) / 1000);

function addTextLayer(element: XmlElement, parent: Inherited) {
  if (NOT_DRAWN.has(element.name) || element.name === 'text') return;
  const inherited: Inherited = {
    family: attr(element, 'font-family') ?? parent.family,
    size: number(attr(element, 'font-size')) ?? parent.size,
  };
  for (const child of element.children) if (typeof child !== 'string') addTextLayer(child, inherited);
  splitTrailingAccents(element.children, inherited);
  const { runs, lines } = linesOf(element.children, inherited);
  const texts = new Map<Run, string>(runs.map((run) => [run, run.pieces.map((p) => p.text).join('')]));
  const overlays: Array<{ after: number; line: XmlElement }> = [];
  for (const line of lines) {
    const words = wordsOf(line);
    for (const [run, text] of words.runs) texts.set(run, text);
    if (!words.text) continue;
    const attrs: Array<[string, string]> = [
      [TEXT_LINE_ATTRIBUTE, ''],
      ['x', round(words.start)],
      ['y', round(words.baseline)],
    ];
    const transform = line.runs[0]!.transform;
    if (transform) attrs.push(['transform', transform]);
    attrs.push(['font-size', round(words.size)]);
    if (words.end > words.start)
      attrs.push(['textLength', round(words.end - words.start)], ['lengthAdjust', 'spacingAndGlyphs']);
    attrs.push(['fill-opacity', '0']);
    overlays.push({ after: line.to, line: { name: 'text', attrs, children: [words.text] } });
  }
  for (const [run, text] of texts) {
    setAttr(run.element, 'aria-hidden', 'true');
    // The PDF's ActualText of the run, where its glyphs do not already read as its text.
    if (text !== textContent(run.element)) setAttr(run.element, RUN_TEXT_ATTRIBUTE, text);
  }
  // From the last line to the first: the child indexes before a line stay valid.
  for (const { after, line } of overlays.reverse()) element.children.splice(after + 1, 0, line);
}

/**
 * The text of every label, in document order: the lines of one node (same parent, same transform) joined by
 * spaces, two nodes by a comma.
 */
function labelsOf(
  element: XmlElement,
  out: string[] = [],
  last = { parent: null as unknown, transform: '' },
) {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (child.name === 'text' && attr(child, TEXT_LINE_ATTRIBUTE) !== undefined) {
      const text = textContent(child);
      const transform = attr(child, 'transform') ?? '';
      if (out.length && last.parent === element && last.transform === transform)
        out[out.length - 1] += ` ${text}`;
      else out.push(text);
      Object.assign(last, { parent: element, transform });
    } else labelsOf(child, out, last);
  }
  return out;
}

/** The picture's <style> (the sanitiser's @font-face rules), made when it has none. */
function styleElement(root: XmlElement): XmlElement {
  const find = (element: XmlElement): XmlElement | undefined => {
    for (const child of element.children) {
      if (typeof child === 'string') continue;
      if (child.name === 'style') return child;
      const inner = child.name === 'defs' ? find(child) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  const existing = find(root);
  if (existing) return existing;
  const style: XmlElement = { name: 'style', attrs: [], children: [] };
  root.children.unshift({ name: 'defs', attrs: [], children: [style] });
  return style;
}
