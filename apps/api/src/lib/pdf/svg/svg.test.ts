import { PDFDocument, StandardFonts, type PDFContentStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { formulaSvg, loadMathEngine } from '../math';
import {
  multiply,
  parseColor,
  parsePath,
  parseTransform,
  parseXml,
  svgToForm,
  type FontResolver,
  type Matrix,
} from './index';

const apply = (m: Matrix, x: number, y: number) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
const close = (actual: number[], expected: number[]) =>
  actual.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 6));

describe('parseTransform', () => {
  it('reads translate, scale, rotate, skew and matrix, applied right to left as SVG does', () => {
    close(apply(parseTransform('translate(10, 5)'), 1, 1), [11, 6]);
    close(apply(parseTransform('translate(10)'), 1, 1), [11, 1]);
    close(apply(parseTransform('scale(2)'), 1, 3), [2, 6]);
    close(apply(parseTransform('scale(1,-1)'), 1, 3), [1, -3]);
    close(apply(parseTransform('rotate(90)'), 1, 0), [0, 1]);
    close(apply(parseTransform('rotate(90 10 10)'), 11, 10), [10, 11]);
    close(apply(parseTransform('skewX(45)'), 0, 1), [1, 1]);
    close(apply(parseTransform('matrix(1 0 0 1 3 4)'), 0, 0), [3, 4]);
    // First scale, then translate.
    close(apply(parseTransform('translate(10,0) scale(2)'), 1, 1), [12, 2]);
    close(apply(parseTransform('translate(220,394) scale(0.707)'), 100, 0), [290.7, 394]);
    close(apply(multiply([2, 0, 0, 2, 0, 0], [1, 0, 0, 1, 5, 0]), 0, 0), [10, 0]);
  });

  it('makes an unknown or broken list the identity', () => {
    expect(parseTransform(undefined)).toEqual([1, 0, 0, 1, 0, 0]);
    expect(parseTransform('perspective(3)')).toEqual([1, 0, 0, 1, 0, 0]);
    expect(parseTransform('matrix(1 2)')).toEqual([1, 0, 0, 1, 0, 0]);
  });
});

describe('parsePath', () => {
  it('turns relative and shorthand commands into absolute moves, lines and curves', () => {
    expect(parsePath('M10 10h5v5H0V0zl1 1')).toEqual([
      ['M', 10, 10],
      ['L', 15, 10],
      ['L', 15, 15],
      ['L', 0, 15],
      ['L', 0, 0],
      ['Z'],
      ['L', 11, 11],
    ]);
    // Implicit lines after a move; numbers run together as tikzjax writes them.
    expect(parsePath('m1-2 3.5.5')).toEqual([
      ['M', 1, -2],
      ['L', 4.5, -1.5],
    ]);
    // S reflects the previous control point.
    expect(parsePath('M0 0C0 1 1 1 1 0S2 -1 2 0')).toEqual([
      ['M', 0, 0],
      ['C', 0, 1, 1, 1, 1, 0],
      ['C', 1, -1, 2, -1, 2, 0],
    ]);
    // A quadratic becomes the equivalent cubic.
    expect(parsePath('M0 0Q3 3 6 0')).toEqual([
      ['M', 0, 0],
      ['C', 2, 2, 4, 2, 6, 0],
    ]);
  });

  it('draws arcs as curves ending at the end point, also with packed flags', () => {
    const arc = parsePath('M0 0a5 5 0 0110 0');
    expect(arc[0]).toEqual(['M', 0, 0]);
    expect(arc.length).toBe(3);
    const last = arc[arc.length - 1]!;
    expect(last[0]).toBe('C');
    close(last.slice(5) as number[], [10, 0]);
    // The half circle from (0,0) to (10,0) with sweep 1 bulges to negative y (upwards on screen).
    const middle = arc[1]!;
    close(middle.slice(5) as number[], [5, -5]);
  });

  it('keeps what came before a malformed command', () => {
    expect(parsePath('M0 0L5 5L7')).toEqual([
      ['M', 0, 0],
      ['L', 5, 5],
    ]);
    expect(parsePath('garbage')).toEqual([]);
  });
});

describe('parseColor', () => {
  it('reads hex, names, rgb() and none', () => {
    expect(parseColor('#fff')).toEqual([1, 1, 1]);
    expect(parseColor('#FF0000')).toEqual([1, 0, 0]);
    expect(parseColor('red')).toEqual([1, 0, 0]);
    expect(parseColor('rgb(255, 0, 51)')).toEqual([1, 0, 0.2]);
    expect(parseColor('none')).toBe('none');
    expect(parseColor('currentColor', [0, 0, 1])).toEqual([0, 0, 1]);
    expect(parseColor('url(#gradient)')).toBeUndefined();
  });
});

describe('parseXml', () => {
  it('reads elements, attributes, entities and CDATA; stray markup is dropped', () => {
    const svg = parseXml(
      '<?xml version="1.0"?><svg a="1 &amp; 2"><g><path d="M0 0"/><text>a &lt; b</text></g><style><![CDATA[x{}]]></style></svg>',
    )!;
    expect(svg.name).toBe('svg');
    expect(svg.attrs.a).toBe('1 & 2');
    const g = svg.children[0] as Exclude<(typeof svg.children)[0], string>;
    expect(g.children.map((c) => (typeof c === 'string' ? c : c.name))).toEqual(['path', 'text']);
    expect((g.children[1] as typeof g).children).toEqual(['a < b']);
    expect(parseXml('no markup')).toBeNull();
    expect(parseXml('<svg><g></svg>')!.name).toBe('svg');
  });
});

describe('svgToForm', () => {
  async function compile(source: string) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const resolve: FontResolver = () => ({ font, encodable: (s) => s.replace(/[^\x20-\x7e]/g, '?') });
    const form = svgToForm(doc, parseXml(source)!, resolve);
    if (!form) return { form, content: '' };
    const stream = doc.context.lookup(form.ref) as PDFContentStream;
    return { form, content: new TextDecoder().decode(stream.getUnencodedContents()) };
  }

  it('draws paths, shapes and text as vector operators in a flipped view box', async () => {
    const { form, content } = await compile(
      `<svg viewBox="-10 -20 100 50"><g transform="translate(5 5)" stroke="#f00" stroke-width="2" stroke-dasharray="3,1" stroke-linecap="round">
        <path fill="none" d="M0 0L10 10"/><rect x="1" y="1" width="4" height="4" fill="blue" stroke="none"/>
        <circle cx="20" cy="20" r="5"/><line x1="0" y1="0" x2="1" y2="1"/><polygon points="0,0 1,0 1,1" fill-rule="evenodd"/>
        <text x="3" y="4" font-size="10" stroke="none">Hallo</text><foreignObject><p>no</p></foreignObject><image href="x.png"/>
      </g></svg>`,
    );
    expect(form).toMatchObject({ x: -10, y: -20, width: 100, height: 50 });
    // The view box flipped so that y points down as in SVG, its bottom left corner at 0,0.
    expect(content).toMatch(/^1 0 0 -1 10 30 cm/);
    expect(content).toContain('1 0 0 1 5 5 cm');
    expect(content).toContain('[3 1] 0 d');
    expect(content).toContain('1 J');
    expect(content).toMatch(/\nS\n/);
    expect(content).toContain('0 0 1 rg');
    expect(content).toMatch(/\nB\*\n/);
    expect(content).toContain('<48616C6C6F> Tj');
    expect(content).toContain('1 0 0 -1 3 4 Tm');
    expect(content).not.toContain('Do');
  });

  it('skips what it does not know and refuses an SVG without a size', async () => {
    expect((await compile('<svg><path d="M0 0L1 1"/></svg>')).form).toBeUndefined();
    expect((await compile('<g/>')).form).toBeUndefined();
    const { content } = await compile(
      '<svg width="10" height="10"><blink/><path d="Mx"/><use href="#nowhere"/></svg>',
    );
    expect(content.trim()).toBe('1 0 0 -1 0 10 cm');
  });

  it('draws transparent fills through a graphics state of the form', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const svg = parseXml(
      '<svg width="10" height="10"><g opacity="0.5"><path d="M0 0L1 1Z" fill="red" fill-opacity=".5"/></g></svg>',
    )!;
    const form = svgToForm(doc, svg, () => ({ font, encodable: (s) => s }))!;
    const stream = doc.context.lookup(form.ref) as PDFContentStream;
    expect(new TextDecoder().decode(stream.getUnencodedContents())).toContain('/GS0 gs');
    expect(stream.dict.toString()).toMatch(/\/GS0 <<\s*\/Type \/ExtGState\s*\/ca 0\.25\s*\/CA 1/);
  });

  it("clips to a clip path, with its shapes' own transforms, and paints a gradient in its mean colour", async () => {
    // TikZ's \\clip and \\shade as tikzjax writes them.
    const { content } = await compile(
      `<svg width="100" height="100"><clipPath id="c"><rect x="0" y="0" width="10" height="20" transform="translate(5 0)"/></clipPath>
        <linearGradient id="g"><stop offset="0" stop-color="#00f"/><stop offset="1" stop-color="red"/></linearGradient>
        <g clip-path="url(#c)"><path d="M0 0h50v50H0z" style="fill:url(#g);stroke:none"/></g>
        <path d="M0 0h1v1z" fill="url(#nowhere)"/></svg>`,
    );
    // The clip: the rectangle moved by its transform, then W n, before the shape inside it.
    expect(content).toMatch(/5 0 m\n15 0 l\n15 20 l\n5 20 l\nh\nW\nn\n[\s\S]*0 0 m\n50 0 l/);
    expect(content).toContain('0.5 0 0.5 rg');
    // An unknown paint keeps the inherited black, as before.
    expect(content).toContain('0 0 0 rg');
  });

  it('resolves <use> of a definition', async () => {
    const { content } = await compile(
      '<svg width="10" height="10"><defs><path id="p" d="M0 0L1 1"/></defs><use href="#p" x="2" y="3" stroke="black"/></svg>',
    );
    expect(content).toContain('1 0 0 1 2 3 cm');
    expect(content.match(/ m\n/g)).toHaveLength(1);
  });
});

describe('formulaSvg', () => {
  beforeAll(() => loadMathEngine());

  it('draws a formula with glyphs as paths and its baseline at y = 0', () => {
    const svg = formulaSvg('\\frac{a}{b}', false)!;
    expect(svg.name).toBe('svg');
    const box = svg.attrs.viewBox!.split(' ').map(Number);
    expect(box[1]).toBeLessThan(0);
    expect(box[1]! + box[3]!).toBeGreaterThan(0);
    expect(JSON.stringify(svg)).toContain('"path"');
    expect(JSON.stringify(svg)).not.toContain('"use"');
  });

  it('gives nothing for LaTeX that does not parse or is empty', () => {
    expect(formulaSvg('\\frac{', false)).toBeUndefined();
    expect(formulaSvg('\\undefinedmacro x', false)).toBeUndefined();
    expect(formulaSvg('\\href{https://example.org}{x}', false)).toBeUndefined();
    expect(formulaSvg('  ', true)).toBeUndefined();
  });
});
