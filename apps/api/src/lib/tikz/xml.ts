/**
 * A small XML tree for rewriting the pictures this server made (serialised by the sanitiser's XMLSerializer):
 * elements with their attributes in order, and text. Enough to add to a stored SVG without a DOM (jsdom takes
 * tens of milliseconds to start and is not loaded outside the TikZ worker).
 */

export interface XmlElement {
  name: string;
  attrs: Array<[string, string]>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? all;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text for an attribute value (in double quotes) or element content. */
export const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ESCAPES[c]!);

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[?!][\s\S]*?>|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The one root element of `source`, or null when it has none or is not well formed. */
export function parseXml(source: string): XmlElement | null {
  const root: XmlElement = { name: '#root', attrs: [], children: [] };
  const stack = [root];
  let consumed = 0;
  for (const match of source.matchAll(TOKEN)) {
    if (match.index !== consumed) return null;
    consumed += match[0].length;
    const top = stack[stack.length - 1]!;
    const [, cdata, close, open, attrText, selfClosing, text] = match;
    if (cdata !== undefined) top.children.push(cdata);
    else if (text !== undefined) top.children.push(decodeXml(text));
    else if (close !== undefined) {
      if (top.name !== close || stack.length === 1) return null;
      stack.pop();
    } else if (open !== undefined) {
      const attrs: Array<[string, string]> = [];
      for (const [, name, dq, sq] of (attrText ?? '').matchAll(ATTRIBUTE))
        attrs.push([name!, decodeXml(dq ?? sq ?? '')]);
      const element: XmlElement = { name: open, attrs, children: [] };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (consumed !== source.length || stack.length !== 1) return null;
  const elements = root.children.filter((c): c is XmlElement => typeof c !== 'string');
  return elements.length === 1 ? elements[0]! : null;
}

export function serializeXml(node: XmlNode): string {
  if (typeof node === 'string') return escapeText(node);
  const attrs = node.attrs.map(([name, value]) => ` ${name}="${escapeXml(value)}"`).join('');
  if (node.children.length === 0) return `<${node.name}${attrs}/>`;
  return `<${node.name}${attrs}>${node.children.map(serializeXml).join('')}</${node.name}>`;
}

export const attr = (element: XmlElement, name: string) => element.attrs.find(([n]) => n === name)?.[1];

export function setAttr(element: XmlElement, name: string, value: string) {
  const entry = element.attrs.find(([n]) => n === name);
  if (entry) entry[1] = value;
  else element.attrs.push([name, value]);
}

/** The text inside an element. */
export const textContent = (element: XmlElement): string =>
  element.children.map((c) => (typeof c === 'string' ? c : textContent(c))).join('');
