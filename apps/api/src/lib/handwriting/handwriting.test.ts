import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { handwritingSvg, PAGE, renderJpeg, type WrittenLine } from './page';

/** A solution as the demo's hand-ins write them (domain/demo/content.ts). */
const lines: WrittenLine[] = [
  { text: 'a)' },
  { id: 'a.start', text: '3x + 5 = 20', indent: 1, note: '| -5' },
  { id: 'a.step', text: '3x = 15', indent: 1, note: '| :3' },
  { id: 'a.x', text: 'x = 5', indent: 1, result: true },
  { text: '' },
  { text: 'b)' },
  { id: 'b.start', text: '4x - 7 = 2x + 9', indent: 1, note: '| -2x' },
  { id: 'b.step', text: '2x - 7 = 9', indent: 1, note: '| +7' },
  { id: 'b.x', text: 'x = 8', indent: 1, result: true },
  { text: '' },
  { text: 'Probe:' },
  { id: 'check.start', text: '5·(5 - 2) = 15', indent: 1 },
];

describe('handwriting', () => {
  it('draws the same page for the same seed and another for another seed', () => {
    expect(handwritingSvg(1, lines)).toBe(handwritingSvg(1, lines));
    expect(handwritingSvg(2, lines)).not.toBe(handwritingSvg(1, lines));
  });

  it('writes every line of the solution as pen strokes, without any text element or font', () => {
    const svg = handwritingSvg(1, lines);
    expect(svg).not.toMatch(/<text|font/);
    // One path of ink with many curve segments.
    expect((svg.match(/C/g) ?? []).length).toBeGreaterThan(100);
  });

  it('refuses a character it cannot write instead of leaving it out', () => {
    expect(() => handwritingSvg(1, [{ text: 'x = ?' }])).toThrow(/Kein Zeichen/);
  });

  it('renders a JPEG of the page size', async () => {
    const jpeg = await renderJpeg(handwritingSvg(1, lines));
    expect(await sharp(jpeg).metadata()).toMatchObject({
      format: 'jpeg',
      width: PAGE.width,
      height: PAGE.height,
    });
  });
});
