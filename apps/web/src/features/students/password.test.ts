import { passwordErrors } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { generatePassword } from './password';

describe('generated student passwords', () => {
  it('always pass the password rules and differ from each other', () => {
    const passwords = Array.from({ length: 200 }, generatePassword);
    for (const password of passwords) {
      expect(password).toMatch(/^[A-Z][a-z]{3}-[A-Z][a-z]{3}-[A-Z][a-z]{3}-[2-9]{2}$/);
      expect(passwordErrors(password)).toEqual([]);
    }
    expect(new Set(passwords).size).toBeGreaterThan(195);
  });
});
