import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './password-policy.ts';

describe('isCommonPassword', () => {
  it('knows the passwords people pick first, whatever their case', () => {
    for (const password of ['password123', 'qwertyuiop', '1234567890', 'Basketball', 'PASSWORD123']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets a passphrase through', () => {
    expect(isCommonPassword('a-long-enough-password')).toBe(false);
    expect(isCommonPassword('correct-horse-battery')).toBe(false);
  });
});
