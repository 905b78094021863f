import { describe, expect, it } from 'vitest';
import { AVATAR_BACKGROUND, avatarInitials, avatarUrlOf, initialsAvatarUrl } from './avatar';

const svgOf = (url: string) => {
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  expect(url.startsWith(prefix)).toBe(true);
  return decodeURIComponent(url.slice(prefix.length));
};

describe('avatarInitials', () => {
  it('takes the first letters of first and last name, upper case', () => {
    expect(avatarInitials('ada', 'lovelace')).toBe('AL');
    expect(avatarInitials('  Clara ', ' Schumann')).toBe('CS');
  });

  it('keeps umlauts, also when written with a combining mark', () => {
    expect(avatarInitials('özlem', 'über')).toBe('ÖÜ');
    expect(avatarInitials('O\u0308zlem', 'A\u0308rger')).toBe('ÖÄ');
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(avatarInitials('𝒜da', 'Lo')).toBe('𝒜L');
  });

  it('falls back to the e-mail address, then to a question mark', () => {
    expect(avatarInitials('', '', 'max.mustermann@schule.example')).toBe('MM');
    expect(avatarInitials(null, undefined, 'lehrkraft@demo.example')).toBe('L');
    expect(avatarInitials('', '', null)).toBe('?');
    expect(avatarInitials('Ada', '', 'x.y@z.example')).toBe('A');
  });
});

describe('initialsAvatarUrl', () => {
  it('draws the initials on green as an SVG data URL, with no outside reference', () => {
    const svg = svgOf(initialsAvatarUrl('Ada', 'Lovelace'));
    expect(svg).toContain(`fill="${AVATAR_BACKGROUND}"`);
    expect(svg).toMatch(/>AL<\/text>/);
    expect(svg).not.toMatch(/href|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  it('escapes markup in names', () => {
    const svg = svgOf(initialsAvatarUrl('<script>', '&x'));
    expect(svg).toMatch(/>&#60;&#38;<\/text>/);
    expect(svg).not.toContain('<script');
    expect(svgOf(initialsAvatarUrl('"a', "'b"))).toMatch(/>&#34;&#39;<\/text>/);
  });
});

describe('avatarUrlOf', () => {
  it('prefers the profile’s own picture, then its names, then the e-mail', () => {
    const names = { first_name: 'Ada', last_name: 'Lovelace' };
    expect(avatarUrlOf({ ...names, avatar_url: 'https://bilder.example/a.png' }, 'x@y.example')).toBe(
      'https://bilder.example/a.png',
    );
    expect(avatarUrlOf({ ...names, avatar_url: null }, 'x@y.example')).toBe(
      initialsAvatarUrl('Ada', 'Lovelace'),
    );
    expect(avatarUrlOf(null, 'max.muster@y.example')).toBe(initialsAvatarUrl('', '', 'max.muster@y.example'));
  });
});
