/**
 * What a glyph of the TeX fonts means as Unicode. tikzjax writes a picture's text as the BaKoMa fonts'
 * code points (TeX's character 0x19, ß in cmr10, becomes U+00BC "¼"), and the fonts are TeX's 7-bit ones:
 * OT1 for text (ligatures, dashes and quotes in place of ASCII characters, accents as glyphs of their own
 * that TeX sets before the letter), OML for math letters, OMS for math symbols, OMX for big operators. These
 * tables turn a glyph back into the characters a reader, a screen reader or a search expects.
 */

/** TeX's character code of a code point in tikzjax's SVG (the inverse of dvi2html's shift into Latin-1). */
export function texCode(codePoint: number): number {
  if (codePoint >= 0xa1 && codePoint <= 0xaa) return codePoint - 0xa1;
  // tikzjax replaces the soft hyphen of character 10 (0xad) by 0xac.
  if (codePoint === 0xac) return 10;
  if (codePoint >= 0xad && codePoint <= 0xb6) return codePoint - 0xad + 10;
  if (codePoint === 0x2219) return 20;
  if (codePoint >= 0xb8 && codePoint <= 0xc3) return codePoint - 0xb8 + 21;
  if (codePoint === 0xc4) return 127;
  return codePoint;
}

/** Combining marks of the accent glyphs, by encoding and character code. */
export type Encoding = 'ot1' | 'ot1-italic' | 'ot1-tt' | 'oml' | 'oms' | 'omx' | 'msbm' | 'other';

/** The encoding of a shipped font by its name (cmr10, cmmi7, cmtt10 …). */
export function encodingOf(font: string): Encoding {
  if (/^cmmi/.test(font)) return 'oml';
  if (/^cm(b?sy)/.test(font)) return 'oms';
  if (/^cmex/.test(font)) return 'omx';
  if (/^msbm/.test(font)) return 'msbm';
  if (/^cm(tt|sltt|itt|tcsc|tex)\d/.test(font)) return 'ot1-tt';
  if (/^cm(ti|bxti|fi|u)\d/.test(font)) return 'ot1-italic';
  if (/^cm/.test(font)) return 'ot1';
  return 'other';
}

const GREEK_UPPER = 'ΓΔΘΛΞΠΣΥΦΨΩ';

/** OT1 accents (combining marks) by character code; TeX sets the accent glyph before its letter. */
const OT1_ACCENTS: Record<number, string> = {
  0x12: '\u0300',
  0x13: '\u0301',
  0x14: '\u030c',
  0x15: '\u0306',
  0x16: '\u0304',
  0x17: '\u030a',
  0x18: '\u0327',
  0x5e: '\u0302',
  0x5f: '\u0307',
  0x7d: '\u030b',
  0x7e: '\u0303',
  0x7f: '\u0308',
  // The stroke of ł and Ł.
  0x20: '\u0337',
};

/** An accent glyph that has no letter under it: the spacing form of its mark. */
const SPACING_ACCENTS: Record<string, string> = {
  '\u0300': '`',
  '\u0301': '´',
  '\u030c': 'ˇ',
  '\u0306': '˘',
  '\u0304': '¯',
  '\u030a': '˚',
  '\u0327': '¸',
  '\u0302': '^',
  '\u0307': '˙',
  '\u030b': '˝',
  '\u0303': '~',
  '\u0308': '¨',
  '\u20d7': '→',
  '\u0361': '⁀',
  '\u0338': '/',
};

const OT1: Record<number, string> = {
  // Ligatures as their letters: what a reader types and searches for.
  0x0b: 'ff',
  0x0c: 'fi',
  0x0d: 'fl',
  0x0e: 'ffi',
  0x0f: 'ffl',
  0x10: 'ı',
  0x11: 'ȷ',
  0x19: 'ß',
  0x1a: 'æ',
  0x1b: 'œ',
  0x1c: 'ø',
  0x1d: 'Æ',
  0x1e: 'Œ',
  0x1f: 'Ø',
  0x22: '\u201d',
  0x27: '\u2019',
  0x3c: '¡',
  0x3e: '¿',
  0x5c: '\u201c',
  0x60: '\u2018',
  0x7b: '\u2013',
  0x7c: '\u2014',
};

const OT1_TT: Record<number, string> = {
  0x0b: '↑',
  0x0c: '↓',
  0x0d: "'",
  0x0e: '¡',
  0x0f: '¿',
  0x10: 'ı',
  0x11: 'ȷ',
  0x19: 'ß',
  0x1a: 'æ',
  0x1b: 'œ',
  0x1c: 'ø',
  0x1d: 'Æ',
  0x1e: 'Œ',
  0x1f: 'Ø',
  0x20: '␣',
};

const OML_GREEK = 'αβγδϵζηθικλμνξπρστυϕχψωεϑϖϱςφ';
const OML: Record<number, string> = {
  0x28: '↼',
  0x29: '↽',
  0x2a: '⇀',
  0x2b: '⇁',
  0x2e: '▹',
  0x2f: '◃',
  0x3a: '.',
  0x3b: ',',
  0x3c: '<',
  0x3d: '/',
  0x3e: '>',
  0x3f: '⋆',
  0x40: '∂',
  0x5b: '♭',
  0x5c: '♮',
  0x5d: '♯',
  0x5e: '⌣',
  0x5f: '⌢',
  0x60: 'ℓ',
  0x7b: 'ı',
  0x7c: 'ȷ',
  0x7d: '℘',
};

const OMS_SYMBOLS =
  // 0x00–0x3f
  '−·×∗÷⋄±∓⊕⊖⊗⊘⊙◯∘∙≍≡⊆⊇≤≥⪯⪰∼≈⊂⊃≪≫≺≻←→↑↓↔↗↘≃⇐⇒⇑⇓⇔↖↙∝′∞∈∋△▽\u0338↦∀∃¬∅ℜℑ⊤⊥';
const OMS_HIGH =
  // 0x5b–0x7f
  '∪∩⊎∧∨⊢⊣⌊⌋⌈⌉{}⟨⟩|‖↕⇕\\≀√⨿∇∫⊔⊓⊑⊒§†‡¶♣♦♥♠';

const OMX_DELIMITERS = '()[]⌊⌋⌈⌉{}⟨⟩|‖/\\';
const OMX_OPERATORS = '⨆⨆∮∮⨀⨀⨁⨁⨂⨂∑∏∫⋃⋂⨄⋀⋁∑∏∫⋃⋂⨄⋀⋁∐∐';
const DOUBLE_STRUCK: Record<string, string> = { C: 'ℂ', H: 'ℍ', N: 'ℕ', P: 'ℙ', Q: 'ℚ', R: 'ℝ', Z: 'ℤ' };

const printableAscii = (code: number) => (code >= 0x21 && code <= 0x7e ? String.fromCharCode(code) : '');

/** A glyph's meaning: its characters, or the combining mark of an accent glyph (set before its letter). */
export type Glyph = { text: string } | { accent: string };

/** The Unicode meaning of TeX's character `code` in a font of `encoding`. */
export function glyphOf(encoding: Encoding, code: number): Glyph {
  switch (encoding) {
    case 'ot1':
    case 'ot1-italic':
    case 'ot1-tt': {
      if (code < 0x0b) return { text: GREEK_UPPER[code]! };
      const table = encoding === 'ot1-tt' ? OT1_TT : OT1;
      if (table[code] !== undefined) return { text: table[code] };
      // Typewriter fonts have ^ and ~ as characters; their accents are the same glyphs.
      const accent = OT1_ACCENTS[code];
      if (accent && !(encoding === 'ot1-tt' && (code === 0x5e || code === 0x7e))) return { accent };
      if (code === 0x24 && encoding === 'ot1-italic') return { text: '£' };
      return { text: printableAscii(code) };
    }
    case 'oml':
      if (code < 0x0b) return { text: GREEK_UPPER[code]! };
      if (code < 0x28) return { text: OML_GREEK[code - 0x0b]! };
      if (code >= 0x30 && code <= 0x39) return { text: String(code - 0x30) };
      if (code === 0x7e) return { accent: '\u20d7' };
      if (code === 0x7f) return { accent: '\u0361' };
      return { text: OML[code] ?? printableAscii(code) };
    case 'oms':
      // \not, set before the relation it crosses out.
      if (code === 0x36) return { accent: '\u0338' };
      if (code < 0x40) return { text: OMS_SYMBOLS[code] ?? '' };
      if (code === 0x40) return { text: 'ℵ' };
      // Calligraphic capitals as plain ones: what a screen reader can say.
      if (code <= 0x5a) return { text: String.fromCharCode(code) };
      return { text: OMS_HIGH[code - 0x5b] ?? '' };
    case 'omx':
      if (code < 0x30) return { text: OMX_DELIMITERS[code % 16] ?? '' };
      if (code >= 0x46 && code <= 0x61) return { text: OMX_OPERATORS[code - 0x46] ?? '' };
      if (code >= 0x70 && code <= 0x74) return { text: '√' };
      if (code >= 0x68 && code <= 0x6f) return { text: '[]⌊⌋⌈⌉{}'[code - 0x68]! };
      // Pieces of extensible delimiters, wide accents: no character of their own.
      return { text: '' };
    case 'msbm': {
      const letter = printableAscii(code);
      if (/[A-Z]/.test(letter))
        return { text: DOUBLE_STRUCK[letter] ?? String.fromCodePoint(0x1d538 + code - 0x41) };
      return { text: '' };
    }
    default:
      return { text: printableAscii(code) };
  }
}

/** The letter under an accent (ı and ȷ carry it as i and j) with the mark, composed where Unicode can. */
export function accented(letter: string, mark: string): string {
  if (mark === '\u0337' && (letter === 'l' || letter === 'L')) return letter === 'l' ? 'ł' : 'Ł';
  const base = letter === 'ı' ? 'i' : letter === 'ȷ' ? 'j' : letter;
  return (base + mark).normalize('NFC');
}

/** An accent glyph without a letter under it. */
export const spacingAccent = (mark: string) => SPACING_ACCENTS[mark] ?? '';
