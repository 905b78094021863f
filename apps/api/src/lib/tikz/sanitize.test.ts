import { describe, expect, it } from 'vitest';
import { createTikzSanitizer } from './sanitize';

const sanitize = createTikzSanitizer();
const svg = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;

describe('createTikzSanitizer', () => {
  it('keeps the drawing: paths, groups, text and local references', () => {
    const out = sanitize(
      svg(
        '<defs><linearGradient id="pgfA"><stop offset="0"/></linearGradient></defs>' +
          '<g stroke="#000"><path d="M0 0L10 10" fill="url(#pgfA)"/></g><use xlink:href="#pgfA"/>' +
          '<text x="1" y="2" font-family="cmr10" font-size="10">Hallo</text>' +
          '<path d="M1 1" style="fill:url(#pgfA);stroke:none;position:fixed;top:0"/>',
      ),
    );
    expect(out).toContain('style="fill:url(#pgfA);stroke:none"');
    expect(out).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(out).toContain('<path d="M0 0L10 10" fill="url(#pgfA)"');
    expect(out).toContain('xlink:href="#pgfA"');
    expect(out).toContain('>Hallo</text>');
    expect(out).toContain('@font-face{font-family:cmr10;src:url(/api/render-tikz/fonts/cmr10.ttf)');
  });

  it('removes scripts, event handlers, foreignObject with HTML, style sheets and outside links', () => {
    const out = sanitize(
      svg(
        '<script>alert(1)</script>' +
          '<path d="M0 0" onclick="alert(2)" onload="alert(3)"/>' +
          '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(4)"/></div></foreignObject>' +
          '<style>@import url(https://evil.example/x.css);</style>' +
          '<a href="javascript:alert(5)"><text>klick</text></a>' +
          '<image href="https://evil.example/p.png"/>' +
          '<use href="https://evil.example/s.svg#x"/>' +
          '<rect width="1" height="1" fill="url(https://evil.example/#p)" style="background:url(https://evil.example)"/>' +
          '<circle r="1" style="fill:u\\72l(https://evil.example)"/>' +
          '<animate attributeName="href" to="javascript:alert(6)"/>',
        ' onload="alert(7)"',
      ),
    );
    for (const bad of [
      'script',
      'alert',
      'onclick',
      'onload',
      'foreignObject',
      'evil.example',
      'javascript',
      '<a',
      '<image',
      '@import',
    ])
      expect(out, bad).not.toContain(bad);
    expect(out).toContain('<rect width="1" height="1"');
  });

  it('drops fonts that are not shipped and refuses anything but one SVG', () => {
    const out = sanitize(svg('<text font-family="Comic Sans;src:url(https://evil.example)">x</text>'));
    expect(out).not.toContain('font-family');
    expect(out).not.toContain('<style');
    expect(() => sanitize('<p>kein Bild</p>')).toThrow();
    expect(() => sanitize('<svg></svg><svg></svg>')).toThrow();
  });
});
