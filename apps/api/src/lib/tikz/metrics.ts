import { readFileSync } from 'node:fs';
import { tikzFontFile } from './fonts';

/**
 * The advance widths of the TeX fonts' glyphs, read from the shipped TrueType files (their `cmap`, `hmtx`,
 * `hhea` and `head` tables): where a run of a picture's text ends, so that the text layer can tell a kern
 * inside a word from the space between two words. A few lines instead of fontkit, which the API loads only
 * for PDFs (ADR 023).
 */

export interface FontMetrics {
  /** Advance width of the glyph of `codePoint`, in em; undefined when the font has none. */
  advance(codePoint: number): number | undefined;
}

const cache = new Map<string, FontMetrics | null>();

/** The metrics of a shipped font (`cmr10` …), null for an unknown name or an unreadable file. */
export function fontMetrics(name: string): FontMetrics | null {
  let metrics = cache.get(name);
  if (metrics === undefined) {
    const file = tikzFontFile(`${name}.ttf`);
    try {
      metrics = file ? readMetrics(readFileSync(file)) : null;
    } catch {
      metrics = null;
    }
    cache.set(name, metrics);
  }
  return metrics;
}

function readMetrics(font: Buffer): FontMetrics | null {
  const tables = new Map<string, number>();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    tables.set(font.toString('latin1', at, at + 4), font.readUInt32BE(at + 8));
  }
  const [head, hhea, hmtx, cmap] = ['head', 'hhea', 'hmtx', 'cmap'].map((tag) => tables.get(tag));
  if (head === undefined || hhea === undefined || hmtx === undefined || cmap === undefined) return null;
  const unitsPerEm = font.readUInt16BE(head + 18);
  const longMetrics = font.readUInt16BE(hhea + 34);
  const glyphOf = unicodeGlyphs(font, cmap);
  if (!glyphOf || !unitsPerEm || !longMetrics) return null;
  return {
    advance(codePoint) {
      const glyph = glyphOf(codePoint);
      if (!glyph) return undefined;
      // Glyphs past the long metrics share the last advance width.
      return font.readUInt16BE(hmtx + 4 * Math.min(glyph, longMetrics - 1)) / unitsPerEm;
    },
  };
}

/** The glyph lookup of the font's Unicode BMP subtable (format 4), or null when it has none. */
function unicodeGlyphs(font: Buffer, cmap: number): ((codePoint: number) => number) | null {
  const count = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < count; i++) {
    const at = cmap + 4 + i * 8;
    const [platform, encoding] = [font.readUInt16BE(at), font.readUInt16BE(at + 2)];
    const table = cmap + font.readUInt32BE(at + 4);
    const unicode = (platform === 3 && encoding === 1) || platform === 0;
    if (!unicode || font.readUInt16BE(table) !== 4) continue;
    const segments = font.readUInt16BE(table + 6) / 2;
    const ends = table + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const offsets = deltas + 2 * segments;
    return (code) => {
      if (code > 0xffff) return 0;
      for (let s = 0; s < segments; s++) {
        if (font.readUInt16BE(ends + 2 * s) < code) continue;
        const start = font.readUInt16BE(starts + 2 * s);
        if (start > code) return 0;
        const delta = font.readInt16BE(deltas + 2 * s);
        const offset = font.readUInt16BE(offsets + 2 * s);
        if (offset === 0) return (code + delta) & 0xffff;
        const glyph = font.readUInt16BE(offsets + 2 * s + offset + 2 * (code - start));
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  return null;
}
