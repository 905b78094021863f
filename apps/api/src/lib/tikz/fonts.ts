import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The TeX fonts of TikZ pictures (BaKoMa TrueType copies of Computer Modern), shipped inside node-tikzjax.
 * The app serves them itself (`GET /api/render-tikz/fonts/<name>.ttf`): a rendered picture never makes a
 * browser ask another server for anything (ARCHITECTURE.md §4).
 */

/** Where the browser loads a font from; the sanitiser writes it into every SVG's @font-face rules. */
export const TIKZ_FONT_URL_PREFIX = '/api/render-tikz/fonts/';

const packageDir = path.dirname(createRequire(import.meta.url).resolve('node-tikzjax/package.json'));

/** The folder holding `<name>.ttf` per font. */
export const TIKZ_FONT_DIR = path.join(packageDir, 'css', 'bakoma', 'ttf');

let names: ReadonlySet<string> | undefined;

/** The font names (`cmr10`, `cmmi7` …) that exist as files: the only font families a picture may use. */
export function tikzFontNames(): ReadonlySet<string> {
  names ??= new Set(
    readdirSync(TIKZ_FONT_DIR)
      .filter((file) => /^[a-z0-9]+\.ttf$/.test(file))
      .map((file) => file.slice(0, -'.ttf'.length)),
  );
  return names;
}

/** The path of `<name>.ttf` when it is one of the shipped fonts, else undefined (no path from a request). */
export function tikzFontFile(file: string): string | undefined {
  const match = /^([a-z0-9]{1,32})\.ttf$/.exec(file);
  if (!match || !tikzFontNames().has(match[1]!)) return undefined;
  return path.join(TIKZ_FONT_DIR, file);
}
