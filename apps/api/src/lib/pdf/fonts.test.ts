import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import { describe, expect, it } from 'vitest';
import { TEXT_FONT_FILES, withBidi } from './fonts';
import { newDocument, printable, Writer } from './layout';

// The text font's layout (ADR 028): right-to-left names shaped and in visual order, invisible characters
// left out, and what the font lacks transliterated, never "?".

const font = withBidi(fontkit.create(readFileSync(TEXT_FONT_FILES.regular)), bidiFactory());
const drawn = (text: string) => font.layout(text).glyphs.map((g) => g.id);
/** The font's glyphs for these characters, one by one and left to right: what the page should show. */
const glyphs = (text: string) => [...text].map((c) => font.glyphForCodePoint(c.codePointAt(0)!).id);

describe('right-to-left text', () => {
  it('joins Arabic letters and reverses the words and letters', () => {
    // محمد علي, left to right as printed: ي ل ع (final, medial, initial), space, د م ح م.
    expect(drawn('محمد علي')).toEqual(glyphs('\ufef2\ufee0\ufecb \ufeaa\ufee4\ufea4\ufee3'));
    // The lam-alef ligature.
    expect(drawn('لا')).toEqual(glyphs('\ufefb'));
  });

  it('keeps left-to-right text around it in place', () => {
    expect(drawn('Name: محمد')).toEqual(glyphs('Name: \ufeaa\ufee4\ufea4\ufee3'));
    // "last, first" of an Arabic name reads right to left as a whole.
    expect(drawn('علي, محمد')).toEqual(glyphs('\ufeaa\ufee4\ufea4\ufee3 ,\ufef2\ufee0\ufecb'));
    // Numbers stay left to right; brackets in right-to-left text are mirrored.
    expect(drawn('Name: אברהם (12)')).toEqual(glyphs('Name: (12) םהרבא'));
  });

  it('leaves out invisible characters', () => {
    expect(drawn('Wei\u00adß\u200b')).toEqual(glyphs('Weiß'));
    expect(drawn('\u200fمحمد')).toEqual(drawn('محمد'));
  });
});

/** A one-page PDF with these lines, made as every PDF is, and its text as poppler's pdftotext reads it. */
async function roundTrip(lines: string[]): Promise<string> {
  const { doc, fonts } = await newDocument('Test');
  const writer = new Writer(doc, fonts);
  writer.newPage();
  for (const line of lines) writer.text(line.replace(/^!/, ''), { bold: line.startsWith('!') });
  const dir = await mkdtemp(join(tmpdir(), 'pdf-'));
  try {
    await writeFile(join(dir, 'in.pdf'), await doc.save());
    await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', join(dir, 'in.pdf'), join(dir, 'out.txt')]);
    return await readFile(join(dir, 'out.txt'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the text layer', () => {
  it('reads back every letter, also in the documents after one whose letters are made of others', async () => {
    // "ö" is drawn from "o" and "¨": saving the first document must not cost the second its "o".
    const composite = ['Größen Öl Äpfel Ñ ä ü é ñ ő ğ ț ễ ά й ї', '!Größen Öl Äpfel Ñ ä ü é ñ ő ğ ț ễ ά й ї'];
    const plain = [
      'Feedbackbogen Ost Apfel N a u e n o g t e α и і',
      '!Feedbackbogen Ost Apfel N a u e n o g t e α и і',
    ];
    for (let round = 0; round < 2; round++) {
      expect((await roundTrip(composite)).trim().split(/\n+/)).toEqual(
        composite.map((l) => l.replace('!', '')),
      );
      expect((await roundTrip(plain)).trim().split(/\n+/)).toEqual(plain.map((l) => l.replace('!', '')));
    }
  });
});

describe('printable', () => {
  it('keeps names and symbols the font has', async () => {
    const { fonts } = await newDocument('Test');
    for (const text of [
      'Mehmet Yılmaz',
      'Łukasz Wąsowski',
      'Đorđe Petrović',
      'Şeyma Öztürk',
      'Nguyễn Thị Minh',
      'Αλέξης Παπαδόπουλος',
      'Ольга Иванова',
      'Jonas Weiß',
      'محمد علي',
      'x − 1 ≤ 2 ≥ 0 ≠ 3 → ← ✓ ∞ 5 €',
    ])
      expect(printable(fonts, text)).toBe(text);
    // Decomposed input is composed first.
    expect(printable(fonts, 'Nguye\u0302\u0303n')).toBe('Nguyễn');
  });

  it('transliterates a word in a script the font lacks, never prints "?"', async () => {
    const { fonts } = await newDocument('Test');
    expect(printable(fonts, '王小明')).toBe('WangXiaoMing');
    expect(printable(fonts, 'Anna 王 Lee')).toBe('Anna Wang Lee');
    for (const text of ['प्रिया शर्मा', 'สมชาย', 'ᎠᏍᎦᏯ', '山田 太郎'])
      expect(printable(fonts, text)).toMatch(/^[A-Za-z' ]+$/);
    expect(printable(fonts, 'a\tb\nc\u0007')).toBe('a b c');
  });
});
