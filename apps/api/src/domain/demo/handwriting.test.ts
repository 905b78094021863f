import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { attemptOf, solutionLines } from './content';
import { handwritingSvg, PAGE, renderJpeg } from './handwriting';

describe('demo handwriting', () => {
  const lines = solutionLines(attemptOf(0));

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
