import { tikzPictureText } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { darkArea, darkInk, parseColor } from './colors';
import { hasTikzLayers, withTikzLayers } from './layers';
import { parseXml, textContent, type XmlElement } from './xml';

// Pictures as tikzjax writes them (after the sanitiser): TeX's glyphs at the BaKoMa fonts' code points, one
// <text> per run between two moves. "gefärbt" is "gefÄ" (Ä: the dieresis glyph) and "arbt" set back under it.
const svg = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40" viewBox="-72 -72 100 40"><defs><style>@font-face{font-family:cmr10;src:url(/api/render-tikz/fonts/cmr10.ttf) format("truetype")}</style></defs>${inner}</svg>`;
const run = (x: number, y: number, text: string, more = '') =>
  `<text x="${x}" y="${y}" transform="translate(-15.43 2.5)"${more}>${text}</text>`;

/** "gefärbt" / "Straße Öl Übung" / "Wasser Tee" / ligatures, dashes and quotes, as tikzjax set them. */
const WORDS = svg(
  '<g stroke="#000"><g fill="#000" stroke="none" font-family="cmr10" font-size="10">' +
    run(-28.394, -43.617, 'gefÄ') +
    run(-15.894, -43.617, 'arbt') +
    '</g><g fill="#000" stroke="none" font-family="cmr10" font-size="10">' +
    run(5.801, -13.617, 'Stra¼e') +
    run(38.329, -16.145, 'Ä') +
    run(36.94, -13.617, 'Ol') +
    run(52.079, -16.145, 'Ä') +
    run(50.829, -13.617, 'Ubung') +
    '</g><g font-family="cmr10" font-size="10">' +
    run(-5.173, 6.442, 'W') +
    run(4.271, 6.442, 'asser') +
    run(28.855, 6.442, 'T') +
    run(35.244, 6.442, 'ee') +
    run(60, 6.442, '¯ndet') +
    run(90, 6.442, '{') +
    run(100, 6.442, '\\a"') +
    '</g></g>',
);

const lines = (out: string) =>
  [...out.matchAll(/<text data-tikz-text=""[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

function texts(element: XmlElement, out: XmlElement[] = []): XmlElement[] {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (child.name === 'text') out.push(child);
    else texts(child, out);
  }
  return out;
}

describe('withTikzLayers', () => {
  it('gives every label a Unicode line: accents on their letters, ß, ligatures, dashes and quotes', () => {
    const out = withTikzLayers(WORDS);
    expect(lines(out)).toEqual(['gefärbt', 'Straße Öl Übung', 'Wasser Tee findet – “a”']);
    expect(tikzPictureText(out)).toBe('gefärbt, Straße Öl Übung, Wasser Tee findet – “a”');
    expect(out).toMatch(/^<svg [^>]*data-tikz-label="gefärbt, Straße/);
    expect(out).not.toContain('role=');
  });

  it('keeps TeX’s glyphs as the drawing, hidden from screen readers and selection, each with its PDF text', () => {
    const root = parseXml(withTikzLayers(WORDS))!;
    const glyphs = texts(root).filter((t) => !t.attrs.some(([n]) => n === 'data-tikz-text'));
    expect(glyphs.map((t) => textContent(t))).toEqual([
      'gef',
      'Ä',
      'arbt',
      'Stra¼e',
      'Ä',
      'Ol',
      'Ä',
      'Ubung',
      'W',
      'asser',
      'T',
      'ee',
      '¯ndet',
      '{',
      '\\a"',
    ]);
    for (const glyph of glyphs) expect(glyph.attrs).toContainEqual(['aria-hidden', 'true']);
    const unicode = (t: XmlElement) => t.attrs.find(([n]) => n === 'data-tikz-unicode')?.[1];
    expect(glyphs.map(unicode)).toEqual([
      undefined,
      '',
      'ärbt',
      'Straße',
      '',
      'Öl',
      '',
      'Übung',
      undefined,
      undefined,
      undefined,
      undefined,
      'findet',
      '–',
      '“a”',
    ]);
    // The accent split off "gefÄ" stands where TeX set it: after "gef" (5 + 4.44 + 3.06 points).
    expect(Number(glyphs[1]!.attrs.find(([n]) => n === 'x')![1])).toBeCloseTo(-15.894, 1);
    expect(withTikzLayers(WORDS)).toContain('text[aria-hidden]{-webkit-user-select:none;user-select:none}');
  });

  it('writes the line over its glyphs: same place, stretched to their width, invisible', () => {
    const line = /<text data-tikz-text=""([^>]*)>gefärbt</.exec(withTikzLayers(WORDS))![1]!;
    expect(line).toContain('x="-28.394" y="-43.617" transform="translate(-15.43 2.5)" font-size="10"');
    // g e f ä r b t in cmr10: 5 + 4.44 + 3.06 + 5 + 3.92 + 5.56 + 3.89 points.
    expect(Number(/textLength="([\d.]+)"/.exec(line)![1])).toBeCloseTo(30.85, 1);
    expect(line).toContain('fill-opacity="0"');
  });

  it('writes math as it reads: superscripts, Greek letters and relations', () => {
    const out = withTikzLayers(
      svg(
        '<g fill="#000">' +
          '<text x="0" y="0" font-family="cmmi10" font-size="10">x</text>' +
          '<text x="5.7" y="-3.6" font-family="cmr7" font-size="7">2</text>' +
          '<text x="12" y="0" font-family="cmr10" font-size="10">+</text>' +
          '<text x="22" y="0" font-family="cmmi10" font-size="10">®</text>' +
          '<text x="31" y="0" font-family="cmsy10" font-size="10">∙</text>' +
          '<text x="42" y="0" font-family="cmsy10" font-size="10">6</text>' +
          '<text x="42" y="0" font-family="cmr10" font-size="10">=</text>' +
          '<text x="53" y="0" font-family="cmmi10" font-size="10">¯</text>' +
          '</g>',
      ),
    );
    expect(lines(out)).toEqual(['x² + α ≤ ≠ β']);
  });

  it('adds the dark-mode colours: black as the text, white as the page, tints dark, lines light', () => {
    const out = withTikzLayers(
      svg(
        '<g stroke="#000" fill="#ffffb3"><path d="M0 0h10"/>' +
          '<g fill="#000" font-family="cmr10" font-size="10"><text x="0" y="0">A</text></g></g>' +
          '<path fill="#fff" stroke="red" d="M0 0h10"/><path fill="none" stroke="url(#a)" d="M0 0"/>',
      ),
    );
    expect(out).toContain('<g stroke="#000" fill="#ffffb3" style="--tikz-fill:#');
    expect(out).toMatch(/style="--tikz-fill:currentColor;--tikz-text:currentColor"/);
    expect(out).toMatch(
      /<path fill="#fff" stroke="red" d="M0 0h10" style="--tikz-fill:var\(--tikz-paper\);--tikz-stroke:#[0-9a-f]{6}"/,
    );
    expect(out).toContain('<path fill="none" stroke="url(#a)" d="M0 0"/>');
  });

  it('is done once; a picture that is not ours stays as it is', () => {
    const once = withTikzLayers(WORDS);
    expect(hasTikzLayers(once)).toBe(true);
    expect(withTikzLayers(once)).toBe(once);
    expect(hasTikzLayers(WORDS)).toBe(false);
    for (const other of ['', '<p>kein Bild</p>', '<svg><g></svg>']) expect(withTikzLayers(other)).toBe(other);
    // A picture layered by an older version is layered anew, not twice.
    const older = once.replace('data-tikz-layers="1"', 'data-tikz-layers="0"');
    expect(withTikzLayers(older)).toBe(once);
  });
});

describe('dark-mode colours', () => {
  /** WCAG contrast ratio of two colours. */
  const contrast = (x: string, y: string) => {
    const luminance = (hex: string) => {
      const [r, g, b] = parseColor(hex)!.map((c) =>
        c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
      );
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [a, b] = [luminance(x), luminance(y)].sort((p, q) => q - p);
    return (a! + 0.05) / (b! + 0.05);
  };
  // Mantine's dark text and page.
  const [TEXT, PAGE] = ['#c9c9c9', '#242424'];

  it('makes tints under labels dark enough for the light labels, lines light enough for the dark page', () => {
    for (const tint of ['#ffffb3', '#e6e6e6', '#ccf', 'wheat', '#b3b3b3'])
      expect(contrast(darkArea(tint)!, TEXT), tint).toBeGreaterThan(4.5);
    for (const line of ['red', '#00f', 'green', 'orange', '#ff0', '#808080'])
      expect(contrast(darkInk(line)!, PAGE), line).toBeGreaterThan(3);
    // The hue stays: blue lines are still blue.
    const [r, g, b] = parseColor(darkInk('#00f')!)!;
    expect(b).toBeGreaterThan(Math.max(r, g));
    // A dot filled in a strong colour stays visible on the page.
    expect(contrast(darkArea('#00f')!, PAGE)).toBeGreaterThan(2);
    expect(darkInk('black')).toBe('currentColor');
    expect(darkArea('#fff')).toBe('var(--tikz-paper)');
    expect(darkInk('none')).toBeNull();
    expect(darkArea('url(#p)')).toBeNull();
  });
});
