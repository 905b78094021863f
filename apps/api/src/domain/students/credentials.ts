import { randomInt } from 'node:crypto';

// Generated logins for student accounts created from a pasted list of names: addresses under a
// reserved, non-routable domain (RFC 2606 `.invalid`: no mail can ever reach anyone) and passwords a teacher
// can read aloud or print, which pass the contract's password rules.

export const STUDENT_EMAIL_DOMAIN = 'schueler.invalid';

// No look-alikes: no l/1/i, no o/0 (lower-case o reads as zero on many print-outs).
const CONSONANTS = 'bdfghkmnprstvz';
const VOWELS = 'aeiu';
const DIGITS = '23456789';
const SUFFIX_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

/**
 * Letters that are not a base letter plus an accent, so stripping accents would lose them: German umlauts
 * (ä → ae, the way German names are spelt without them), and letters of other alphabets written with the
 * Latin one (ı, ł, ø, æ, đ, þ …). Everything else with an accent (é, ç, ş, ğ, ñ …) loses the accent.
 */
const TRANSLITERATIONS: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ı: 'i',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
  ſ: 's',
  ŀ: 'l',
};
const TRANSLITERATED = new RegExp(`[${Object.keys(TRANSLITERATIONS).join('')}]`, 'g');

/** Lower case ASCII letters and digits for a name, e.g. `Yılmaz` → `yilmaz`, `Jürgen` → `juergen`. */
function transliterate(value: string): string {
  return value
    .normalize('NFC')
    .toLowerCase()
    .replace(TRANSLITERATED, (c) => TRANSLITERATIONS[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** `Jürgen-Ölaf` → `juergen-oelaf`: lower case a–z, 0–9 and single dashes, at most `max` characters. */
export function emailSlug(value: string, max = 20): string {
  return transliterate(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/** `<vorname>.<nachname>.<4 random>@schueler.invalid`; the random part keeps two "Anna Schmidt" apart. */
export function studentEmail(firstName: string, lastName: string): string {
  const parts = [emailSlug(firstName), emailSlug(lastName)].filter(Boolean);
  if (parts.length === 0) parts.push('schueler');
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += pick(SUFFIX_ALPHABET);
  return `${parts.join('.')}.${suffix}@${STUDENT_EMAIL_DOMAIN}`;
}

function word(): string {
  const w = pick(CONSONANTS) + pick(VOWELS) + pick(CONSONANTS) + pick(VOWELS);
  return w[0]!.toUpperCase() + w.slice(1);
}

/**
 * E.g. `Bako-Rimu-Tesa-58`: three pronounceable words and two digits, ≈ 41 bits of randomness; upper case,
 * lower case and a digit are always present, so it passes ZPassword.
 */
export function studentPassword(): string {
  return `${word()}-${word()}-${word()}-${pick(DIGITS)}${pick(DIGITS)}`;
}
