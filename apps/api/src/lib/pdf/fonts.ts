import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Font, Glyph, GlyphRun } from '@pdf-lib/fontkit';
import type { Bidi } from 'bidi-js';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// The text font of every printed PDF (ADR 028): DejaVu Sans Condensed from the npm package dejavu-fonts-ttf,
// embedded as a subset of the glyphs a document uses. It covers Latin with its extensions, Vietnamese, Greek,
// Cyrillic, Armenian, Georgian, Hebrew and Arabic, and is as wide as the Helvetica the layouts were made for.
// Right-to-left text is ordered with bidi-js and shaped by fontkit from the font's own tables; words in
// scripts the font lacks (CJK, Indic, Thai …) print in Latin transliteration (any-ascii, see printable()).

const packageDir = path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
export const TEXT_FONT_FILES = {
  regular: path.join(packageDir, 'ttf', 'DejaVuSansCondensed.ttf'),
  bold: path.join(packageDir, 'ttf', 'DejaVuSansCondensed-Bold.ttf'),
};

interface TextEngine {
  fontkit: { create(data: Uint8Array, postscriptName?: string): Font };
  regular: Uint8Array;
  bold: Uint8Array;
  /** Code points both fonts have a glyph for. */
  charset: ReadonlySet<number>;
  transliterate: (text: string) => string;
}

let engine: Promise<TextEngine> | undefined;

/** fontkit, bidi-js, any-ascii and the font files: loaded with the first PDF, once per process (ADR 023). */
function loadTextEngine(): Promise<TextEngine> {
  engine ??= (async () => {
    const [fontkit, bidiFactory, anyAscii, regular, bold] = await Promise.all([
      import('@pdf-lib/fontkit').then((m) => m.default),
      import('bidi-js').then((m) => m.default),
      import('any-ascii').then((m) => m.default),
      readFile(TEXT_FONT_FILES.regular).then((b) => new Uint8Array(b)),
      readFile(TEXT_FONT_FILES.bold).then((b) => new Uint8Array(b)),
    ]);
    const bidi = bidiFactory();
    // One parsed font per file for the process: parsing again for every document (copying the file,
    // decoding its glyph names, outlines and offsets) made a feedback sheet ~5 times slower. Each document
    // still gets its own subset (pdf-lib's createSubset()).
    const fonts = new Map<Uint8Array, Font>();
    for (const data of [regular, bold]) fonts.set(data, withBidi(fontkit.create(data), bidi));
    const inBold = new Set(fonts.get(bold)!.characterSet);
    return {
      fontkit: { create: (data, name) => fonts.get(data) ?? fontkit.create(data, name) },
      regular,
      bold,
      charset: new Set(fonts.get(regular)!.characterSet.filter((c) => inBold.has(c))),
      transliterate: anyAscii,
    };
  })();
  engine.catch(() => (engine = undefined));
  return engine;
}

export interface TextFonts {
  regular: PDFFont;
  bold: PDFFont;
  charset: ReadonlySet<number>;
  transliterate: (text: string) => string;
}

/** Embeds the text fonts (regular and bold) into a new document; only the glyphs drawn are saved. */
export async function embedTextFonts(doc: PDFDocument): Promise<TextFonts> {
  const { fontkit, regular, bold, charset, transliterate } = await loadTextEngine();
  doc.registerFontkit(fontkit);
  return {
    regular: await doc.embedFont(regular, { subset: true }),
    bold: await doc.embedFont(bold, { subset: true }),
    charset,
    transliterate,
  };
}

/** Hebrew, Arabic (with its presentation forms) and the explicit right-to-left marks. */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067]/;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

type Layout = (
  text: string,
  features?: unknown,
  script?: string,
  language?: string,
  direction?: 'ltr' | 'rtl',
) => GlyphRun;

/**
 * The font with the layout pdf-lib measures and draws every string with (it uses the glyphs only, never
 * their positions). Left-to-right text maps each character to its glyph: fontkit's full OpenType layout
 * costs ~0.1 ms a call, and pdf-lib calls it for every width it measures. Text with right-to-left letters is
 * split into runs by the Unicode bidi algorithm (bidi-js); fontkit shapes each right-to-left run from the
 * font's tables (Arabic letters joined) and the runs are put into visual order. Invisible characters (soft
 * hyphen, zero-width space, bidi marks) are left out: pdf-lib would draw or space them.
 */
export function withBidi(font: Font, bidi: Bidi): Font {
  // fontkit keeps a glyph with the characters it was first asked for, and a subset's encoder asks for the
  // parts of composite glyphs (the "o" of "ö") with none: without this, a later document would map such a
  // letter to nothing in its text layer (ToUnicode) and lose it in copied or extracted text.
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
  const shape = font.layout.bind(font) as Layout;
  const space = font.glyphForCodePoint(0x20).id;
  // pdf-lib looks every character up again for each width it measures; fontkit's cmap lookup is slow.
  const glyphOf = new Map<number, Glyph>();
  const direct = (text: string) => {
    const glyphs: Glyph[] = [];
    for (const char of text.replace(IGNORABLE, '')) {
      const codePoint = char.codePointAt(0)!;
      let glyph = glyphOf.get(codePoint);
      if (!glyph) glyphOf.set(codePoint, (glyph = font.glyphForCodePoint(codePoint)));
      glyphs.push(glyph);
    }
    return glyphs;
  };
  const layout: Layout = (text, features) => {
    if (!RTL.test(text)) return { glyphs: direct(text) } as GlyphRun;
    const { levels } = bidi.getEmbeddingLevels(text, 'ltr');
    const mirrored = bidi.getMirroredCharactersMap(text, levels);
    // Runs of one level in logical order, each in its direction …
    const runs: Array<{ level: number; glyphs: Glyph[] }> = [];
    for (let start = 0; start < text.length;) {
      let end = start + 1;
      while (end < text.length && levels[end] === levels[start]) end++;
      let part = '';
      for (let i = start; i < end; i++) part += mirrored.get(i) ?? text[i];
      const level = levels[start]!;
      if (level % 2 === 0) runs.push({ level, glyphs: direct(part) });
      else {
        // fontkit hides invisible characters as a space glyph of no advance.
        const run = shape(part, features, undefined, undefined, 'rtl');
        const glyphs = run.glyphs.filter((g, i) => !(g.id === space && run.positions[i]!.xAdvance === 0));
        runs.push({ level, glyphs });
      }
      start = end;
    }
    // … then in visual order (rule L2: from the highest level down, reverse every sequence of runs at least
    // that high; fontkit has already reversed the glyphs inside each right-to-left run).
    const highest = Math.max(...runs.map((r) => r.level));
    for (let level = highest; level >= 1; level--) {
      for (let i = 0; i < runs.length; i++) {
        if (runs[i]!.level < level) continue;
        let j = i;
        while (j < runs.length && runs[j]!.level >= level) j++;
        runs.splice(i, j - i, ...runs.slice(i, j).reverse());
        i = j;
      }
    }
    return { glyphs: runs.flatMap((r) => r.glyphs) } as GlyphRun;
  };
  font.layout = layout;
  return font;
}
