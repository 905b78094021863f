import { describe, expect, it } from 'vitest';
import { isPermittedRole } from './constants';
import { ZProfileMetaData, ZUserMetadataFlags } from './users';

describe('roles', () => {
  it('lets teachers and organization members in', () => {
    expect(isPermittedRole('teacher')).toBe(true);
    expect(isPermittedRole('organization_member')).toBe(true);
  });

  it('sends every other claim value to the waitlist', () => {
    expect(isPermittedRole('none')).toBe(false);
    expect(isPermittedRole(undefined)).toBe(false);
    expect(isPermittedRole('authenticated')).toBe(false);
  });
});

describe('profile meta data', () => {
  it('fills avatar and school with null when absent', () => {
    expect(ZProfileMetaData.parse({ first_name: 'Ada', last_name: 'Lovelace' })).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      avatar_url: null,
      school: null,
    });
  });

  it('keeps the colour mode when set and refuses other values', () => {
    const base = { first_name: 'A', last_name: 'B' };
    expect(ZProfileMetaData.parse({ ...base, color_scheme: 'dark' }).color_scheme).toBe('dark');
    expect(ZProfileMetaData.parse(base)).not.toHaveProperty('color_scheme');
    expect(ZProfileMetaData.safeParse({ ...base, color_scheme: 'blau' }).success).toBe(false);
  });

  it('keeps a complete school', () => {
    const school = { bundesland: 'BY', city: 'München', schule: 'Gymnasium' };
    expect(ZProfileMetaData.parse({ first_name: 'A', last_name: 'B', school }).school).toEqual(school);
  });

  it('reads user metadata without any flags set', () => {
    expect(ZUserMetadataFlags.parse({})).toEqual({});
    expect(ZUserMetadataFlags.safeParse({ has_password: 'yes' }).success).toBe(false);
  });
});
