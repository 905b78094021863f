import { describe, expect, it } from 'vitest';
import { csvCell } from './audit';

describe('csvCell', () => {
  it('leaves plain text and umlauts alone', () => {
    expect(csvCell('Greta Gärtner')).toBe('Greta Gärtner');
    expect(csvCell('2')).toBe('2');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('Ansatz; Rechnung')).toBe('"Ansatz; Rechnung"');
    expect(csvCell('der „gute“ "Weg"')).toBe('"der „gute“ ""Weg"""');
    expect(csvCell('Zeile 1\nZeile 2')).toBe('"Zeile 1\nZeile 2"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});
