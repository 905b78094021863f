// The SVG as a tree, read by a forgiving XML tokenizer: the drawer's input (draw.ts).

export interface SvgElement {
  name: string;
  attrs: Record<string, string>;
  children: SvgNode[];
}
export type SvgNode = SvgElement | string;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[?!][\s\S]*?>|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)|</g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The root element of an XML document (well-formed or not: unknown markup is dropped), or null. */
export function parseXml(source: string): SvgElement | null {
  const root: SvgElement = { name: '#root', attrs: {}, children: [] };
  const stack = [root];
  for (const match of source.matchAll(TOKEN)) {
    const top = stack[stack.length - 1]!;
    const [, cdata, close, open, attrText, selfClosing, text] = match;
    if (cdata !== undefined) top.children.push(cdata);
    else if (text !== undefined) top.children.push(decodeEntities(text));
    else if (close !== undefined) {
      const at = stack.findLastIndex((e) => e.name === close);
      if (at > 0) stack.length = at;
    } else if (open !== undefined) {
      const attrs: Record<string, string> = {};
      for (const [, name, dq, sq] of (attrText ?? '').matchAll(ATTRIBUTE)) {
        attrs[name!] = decodeEntities(dq ?? sq ?? '');
      }
      const element: SvgElement = { name: open, attrs, children: [] };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  return root.children.find((c): c is SvgElement => typeof c !== 'string') ?? null;
}
