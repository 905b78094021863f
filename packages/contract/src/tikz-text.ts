// Own module without zod: the submit page's picture imports it (ADR 012's budget).
const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The text of a TikZ picture's labels as Unicode ("gefärbt, x, y"), which the server writes into the stored
 * SVG as the root's `data-tikz-label` (ADR 016); empty for a picture without text. The pages name the picture
 * with it: its glyphs are TeX's, whose code points are no Unicode.
 */
export function tikzPictureText(svg: string): string {
  const label = /^<svg\b[^>]*?\sdata-tikz-label="([^"]*)"/.exec(svg)?.[1] ?? '';
  return label.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] !== '#') return XML_ENTITIES[name.toLowerCase()] ?? all;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}
