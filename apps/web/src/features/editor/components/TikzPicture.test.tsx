import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deTikz } from '../../../i18n/de.tikz';
import { ContentView } from './ContentView';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L10 10"/></svg>';

describe('TikZ pictures on the public pages', () => {
  it('shows the stored SVG of a TikZ block, and its source when there is none', async () => {
    render(
      <ContentView
        data={{
          type: 'doc',
          content: [
            { type: 'tikz', attrs: { source: '\\draw (0,0);', svg: SVG } },
            { type: 'tikz', attrs: { source: '\\kaputt', svg: null } },
          ],
        }}
      />,
    );
    const picture = await screen.findByRole('img', { name: deTikz.pictureLabel });
    expect(picture.querySelector('svg path')).not.toBeNull();
    expect(screen.getByText(deTikz.notRendered)).toBeTruthy();
    expect(screen.getByText('\\kaputt')).toBeTruthy();
  });

  it('names a picture with its labels as the server wrote them into the SVG, not TeX’s glyphs', () => {
    const labelled =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" data-tikz-layers="1" data-tikz-label="gefärbt, Straße &amp; Öl">' +
      '<text aria-hidden="true">gefÄ</text><text aria-hidden="true">arbt</text><text data-tikz-text="">gefärbt</text></svg>';
    render(
      <ContentView
        data={{ type: 'doc', content: [{ type: 'tikz', attrs: { source: 'x', svg: labelled } }] }}
      />,
    );
    expect(
      screen.getByRole('img', { name: deTikz.pictureLabelWithText('gefärbt, Straße & Öl') }),
    ).toBeTruthy();
  });
});
