import { JOIN_TOKEN_ALPHABET, JOIN_TOKEN_LENGTH, ZPassword } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { newJoinToken } from '../classes/join-token';
import { emailSlug, studentEmail, studentPassword } from './credentials';

describe('generated student logins', () => {
  it('turn names into address parts without umlauts, accents or spaces', () => {
    expect(emailSlug('Jürgen')).toBe('juergen');
    expect(emailSlug('Weiß')).toBe('weiss');
    expect(emailSlug('Çelik')).toBe('celik');
    expect(emailSlug('von der Heide')).toBe('von-der-heide');
    expect(emailSlug("O'Brien-Smith")).toBe('o-brien-smith');
    expect(emailSlug('李')).toBe('');
    expect(emailSlug('Maximilian-Alexander-Friedrich')).toBe('maximilian-alexander');
  });

  it('transliterate letters that have no accent to strip instead of turning them into dashes', () => {
    expect(emailSlug('Yılmaz')).toBe('yilmaz');
    expect(emailSlug('İlkay')).toBe('ilkay');
    expect(emailSlug('Şahin Doğan')).toBe('sahin-dogan');
    expect(emailSlug('Łukasz Wałęsa')).toBe('lukasz-walesa');
    expect(emailSlug('Søren Ærø')).toBe('soren-aero');
    expect(emailSlug('Œhlschläger')).toBe('oehlschlaeger');
    expect(emailSlug('Đorđe')).toBe('dorde');
    expect(emailSlug('Þórunn')).toBe('thorunn');
    expect(emailSlug('STRAẞE')).toBe('strasse');
    expect(emailSlug('Renée François')).toBe('renee-francois');
    // Umlauts typed as a letter plus a combining mark read the same as the precomposed ones.
    expect(emailSlug('Mu\u0308ller')).toBe('mueller');
  });

  it('build addresses under the reserved .invalid domain', () => {
    expect(studentEmail('Jürgen', 'Weiß')).toMatch(/^juergen\.weiss\.[a-z2-9]{4}@schueler\.invalid$/);
    expect(studentEmail('李', '')).toMatch(/^schueler\.[a-z2-9]{4}@schueler\.invalid$/);
    expect(studentEmail('Ayşe', 'Yılmaz')).toMatch(/^ayse\.yilmaz\.[a-z2-9]{4}@schueler\.invalid$/);
  });

  it('make passwords that pass the rules and have no look-alike characters', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = studentPassword();
      expect(password).toMatch(/^[A-Z][a-z]{3}-[A-Z][a-z]{3}-[A-Z][a-z]{3}-[2-9]{2}$/);
      expect(password).not.toMatch(/[0O1lIo]/);
      expect(ZPassword.safeParse(password).success).toBe(true);
      seen.add(password);
    }
    expect(seen.size).toBeGreaterThan(495);
  });
});

describe('join tokens', () => {
  it('are 10 characters of the unambiguous alphabet and differ', () => {
    const tokens = new Set(Array.from({ length: 500 }, () => newJoinToken()));
    expect(tokens.size).toBe(500);
    for (const token of tokens) {
      expect(token).toHaveLength(JOIN_TOKEN_LENGTH);
      for (const ch of token) expect(JOIN_TOKEN_ALPHABET).toContain(ch);
    }
  });
});
