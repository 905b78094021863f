import { describe, expect, it } from 'vitest';
import { MARGIN, newDocument, Writer, type Figure } from './layout';

/** A figure of the given size in em that records where it was drawn. */
function fakeFigure(width: number, height: number, depth: number) {
  const drawn: Array<{ x: number; baseline: number; scale: number }> = [];
  const figure: Figure = {
    width,
    height,
    depth,
    draw: (_page, x, baseline, scale) => drawn.push({ x, baseline, scale }),
  };
  return { figure, drawn };
}

async function writer() {
  const { doc, fonts } = await newDocument('Test');
  const w = new Writer(doc, fonts);
  w.newPage();
  return { w, fonts };
}

describe('Writer.rich', () => {
  it('sets an inline figure on the baseline after the text, scaled to the font size', async () => {
    const { w, fonts } = await writer();
    const { figure, drawn } = fakeFigure(2, 1, 0.1);
    const top = w.y;
    w.rich([{ text: 'Es gilt ' }, { figure }, { text: '.' }], { size: 10 });
    expect(drawn).toHaveLength(1);
    const [{ x, baseline, scale }] = drawn as [(typeof drawn)[0]];
    expect(scale).toBe(10);
    expect(x).toBeCloseTo(MARGIN + fonts.regular.widthOfTextAtSize('Es gilt ', 10), 6);
    // One line of normal height: the figure fits into it.
    expect(top - w.y).toBeCloseTo(13, 6);
    expect(baseline).toBeCloseTo(w.y + 2.5, 6);
  });

  it('makes a line taller for a tall figure', async () => {
    const { w } = await writer();
    const { figure, drawn } = fakeFigure(3, 3, 1.5);
    const top = w.y;
    w.rich([{ text: 'Also ' }, { figure }], { size: 10 });
    // Room above the baseline: 1.5 em of figure + 0.15 em; below: 1.5 em + 0.1 em.
    expect(top - w.y).toBeCloseTo(16.5 + 16, 6);
    expect(drawn[0]!.baseline).toBeCloseTo(w.y + 16, 6);
  });

  it('breaks lines at spaces only: pieces without a space between them move to the next line together', async () => {
    for (const spaced of [false, true]) {
      const { w } = await writer();
      const a = fakeFigure(25, 1, 0);
      const b = fakeFigure(20, 1, 0);
      w.rich(
        [{ text: 'Lösungsweg ' }, { figure: a.figure }, { text: spaced ? ' ' : '' }, { figure: b.figure }],
        {
          size: 10,
        },
      );
      const [first, second] = [a.drawn[0]!, b.drawn[0]!];
      if (spaced) {
        expect(first.x).toBeGreaterThan(MARGIN);
        expect(second.x).toBe(MARGIN);
        expect(second.baseline).toBeLessThan(first.baseline);
      } else {
        expect(first.x).toBe(MARGIN);
        expect(second.x).toBeCloseTo(MARGIN + 250, 6);
        expect(second.baseline).toBe(first.baseline);
      }
    }
  });

  it('starts a new line at a line break', async () => {
    const { w } = await writer();
    const before = fakeFigure(1, 0.8, 0);
    const after = fakeFigure(1, 0.8, 0);
    w.rich([{ figure: before.figure }, { text: 'und' }, { lineBreak: true }, { figure: after.figure }], {
      size: 10,
    });
    expect(after.drawn[0]!.x).toBe(MARGIN);
    expect(after.drawn[0]!.baseline).toBeCloseTo(before.drawn[0]!.baseline - 13, 6);
  });

  it('scales a figure wider than the column down to fit', async () => {
    const { w } = await writer();
    const { figure, drawn } = fakeFigure(1000, 1, 0.2);
    w.rich([{ figure }], { size: 10 });
    expect(drawn[0]!.scale * 1000).toBeCloseTo(w.contentWidth, 6);
  });

  it('centres a block figure and moves it to a new page when it does not fit', async () => {
    const { w } = await writer();
    const { figure, drawn } = fakeFigure(100, 300, 0);
    w.gap(w.y - MARGIN - 100);
    w.figure(figure, { center: true });
    expect(w.pages).toHaveLength(2);
    expect(drawn[0]!.x).toBeCloseTo(MARGIN + (w.contentWidth - 100) / 2, 6);
    expect(drawn[0]!.baseline).toBeCloseTo(w.y, 6);
  });
});

describe('Writer.table', () => {
  it('gives a column its content’s width, keeps narrow columns and wraps the wide one', async () => {
    const { w } = await writer();
    const { figure, drawn } = fakeFigure(1, 0.8, 0);
    const top = w.y;
    w.table(
      [
        [
          { runs: [{ text: 'Text' }], header: true, colspan: 1 },
          { runs: [{ figure }], header: true, colspan: 1 },
        ],
        [
          { runs: [{ text: 'Ein sehr langer Satz in der Zelle. '.repeat(20) }], header: false, colspan: 1 },
          { runs: [], header: false, colspan: 1 },
        ],
      ],
      { size: 10 },
    );
    // The figure's column is as narrow as the least column (60 points), at the right edge.
    expect(drawn[0]!.x).toBeCloseTo(MARGIN + w.contentWidth - 60 + 4, 6);
    // Header row (22 points at least) and a body row of several lines.
    expect(top - w.y).toBeGreaterThan(22 + 4 * 13);
  });

  it('shares spare width out when the content is narrow', async () => {
    const { w } = await writer();
    const cells = [fakeFigure(1, 0.8, 0), fakeFigure(1, 0.8, 0), fakeFigure(1, 0.8, 0)];
    w.table([cells.map(({ figure }) => ({ runs: [{ figure }], header: false, colspan: 1 }))], { size: 10 });
    cells.forEach(({ drawn }, i) => {
      expect(drawn[0]!.x).toBeCloseTo(MARGIN + (i * w.contentWidth) / 3 + 4, 6);
    });
  });
});
