import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';
import { TIKZ_FONT_URL_PREFIX, tikzFontNames } from './fonts';

/**
 * Makes an SVG from the TeX engine safe to put into a page as it is: SVG elements and attributes only (no
 * script, no foreignObject, no style sheets, no event handlers), links only to fragments of the picture
 * itself (`#id`), no `url(…)` but to such fragments, font families only from the shipped TeX fonts. The
 * @font-face rules the picture needs are added afterwards, pointing at the app's own font route, so the
 * only style sheet in the result is ours.
 */

const CONFIG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // TeX reuses shapes through <use>; the hook below keeps only links to the picture's own ids.
  ADD_TAGS: ['use'],
  FORBID_TAGS: ['style', 'foreignObject', 'script', 'a', 'image', 'feImage', 'iframe', 'animate', 'set'],
  ALLOW_DATA_ATTR: false,
};

const LINK_ATTRIBUTES = new Set(['href', 'xlink:href']);
/** Properties a `style` attribute may set (TeX writes shadings as `style="fill:url(#…)"`). */
const STYLE_PROPERTY =
  /^(fill|stroke|opacity|stop-color|stop-opacity|color|clip-rule|fill-rule|font-size|font-weight|font-style|display|visibility)(-[a-z]+)*$/;

/** The declarations of a `style` attribute whose property is allowed; nothing else survives. */
function cleanStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.split(':'))
    .filter(([property, value]) => value !== undefined && STYLE_PROPERTY.test(property!.trim().toLowerCase()))
    .map(([property, ...value]) => `${property!.trim().toLowerCase()}:${value.join(':').trim()}`)
    .join(';');
}

/** A `url(` that is not followed by `#`: a reference outside the picture. */
const OUTSIDE_URL = /url\(\s*(?!['"]?#)/i;

/** The little of the DOM used here (the API's types carry no DOM library). */
interface Element {
  readonly localName: string;
  getAttribute(name: string): string | null;
  removeAttribute(name: string): void;
  querySelectorAll(selector: string): Iterable<Element>;
  prepend(node: unknown): void;
}
interface Fragment {
  readonly firstElementChild: Element | null;
  readonly childElementCount: number;
}

export type TikzSanitizer = (svg: string) => string;

/** A sanitiser with its own DOM window (one per worker: building a window costs tens of milliseconds). */
export function createTikzSanitizer(): TikzSanitizer {
  const { window } = new JSDOM('<!DOCTYPE html>');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const value = data.attrValue ?? '';
    if (LINK_ATTRIBUTES.has(data.attrName) && !value.trim().startsWith('#')) data.keepAttr = false;
    if (OUTSIDE_URL.test(value) || /[\\]|expression\(|@import/i.test(value)) data.keepAttr = false;
    else if (data.attrName === 'style') data.attrValue = cleanStyle(value);
  });
  const fonts = tikzFontNames();
  const serializer = new window.XMLSerializer();

  return (svg) => {
    const fragment = purify.sanitize(svg, { ...CONFIG, RETURN_DOM_FRAGMENT: true }) as unknown as Fragment;
    const root = fragment.firstElementChild;
    if (!root || root.localName !== 'svg' || fragment.childElementCount !== 1)
      throw new Error('Die Ausgabe ist kein einzelnes SVG-Bild.');
    const used = new Set<string>();
    for (const element of [root, ...root.querySelectorAll('[font-family]')]) {
      const family = element.getAttribute('font-family');
      if (family === null) continue;
      if (fonts.has(family)) used.add(family);
      else element.removeAttribute('font-family');
    }
    if (used.size > 0) {
      const style = window.document.createElementNS('http://www.w3.org/2000/svg', 'style');
      style.textContent = [...used]
        .sort()
        .map(
          (name) =>
            `@font-face{font-family:${name};src:url(${TIKZ_FONT_URL_PREFIX}${name}.ttf) format("truetype")}`,
        )
        .join('');
      const defs = window.document.createElementNS('http://www.w3.org/2000/svg', 'defs');
      defs.append(style);
      root.prepend(defs);
    }
    return serializer.serializeToString(root);
  };
}
