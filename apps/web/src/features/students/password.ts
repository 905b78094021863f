/**
 * A password a teacher can read aloud or print (e.g. `Bako-Rimu-Tesa-58`): three pronounceable words and two
 * digits without look-alikes, ≈ 41 bits from the browser's CSPRNG; it always passes the password rules of
 * PRODUCT.md §5 (upper case, lower case, a digit, 8+ characters).
 */

const CONSONANTS = 'bdfghkmnprstvz';
const VOWELS = 'aeiu';
const DIGITS = '23456789';

function pick(alphabet: string): string {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return alphabet[value % alphabet.length] ?? alphabet[0]!;
}

function word(): string {
  const w = pick(CONSONANTS) + pick(VOWELS) + pick(CONSONANTS) + pick(VOWELS);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

export function generatePassword(): string {
  return `${word()}-${word()}-${word()}-${pick(DIGITS)}${pick(DIGITS)}`;
}
