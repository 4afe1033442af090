import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_MESSAGE,
  EMAIL_PASSWORD_MESSAGE,
  PATTERN_PASSWORD_MESSAGE,
  passwordWeakness,
} from './password-policy.ts';

describe('passwordWeakness', () => {
  it('knows the passwords people pick first, whatever their case', () => {
    for (const password of ['password123', 'qwertyuiop', '1234567890', 'Basketball', 'PASSWORD123', 'iloveyou12']) {
      expect(passwordWeakness(password), password).toBe(COMMON_PASSWORD_MESSAGE);
    }
  });

  it('refuses a character or a short pattern repeated', () => {
    for (const password of ['aaaaaaaaaa', 'ZZZZZZZZZZZZ', '0000000000', 'abababababab', '1231231231', 'blueblue!!!']) {
      expect(passwordWeakness(password), password).toBe(PATTERN_PASSWORD_MESSAGE);
    }
  });

  it('refuses runs along the keyboard, the alphabet and the digits, both ways', () => {
    for (const password of [
      'poiuytrewq',
      'asdfghjkl;',
      'zxcvbnm,./',
      'abcdefghijk',
      'kjihgfedcba',
      '0987654321',
      '4567890123',
      '2wsx3edc4rfv',
    ]) {
      expect(passwordWeakness(password), password).toBe(PATTERN_PASSWORD_MESSAGE);
    }
  });

  it("refuses the e-mail's own name, dressed in digits and symbols, or the whole address", () => {
    const email = 'Jane.Doe-Smith@example.com';
    for (const password of [
      'janedoesmith',
      'Jane.Doe-Smith',
      'JaneDoeSmith1990!',
      '!!janedoesmith',
      'jane.doe-smith@example.com',
    ]) {
      expect(passwordWeakness(password, email), password).toBe(EMAIL_PASSWORD_MESSAGE);
    }
    // The name inside a longer phrase is not the name alone.
    expect(passwordWeakness('jane-doe-smith loves tea', email)).toBeNull();
    // A short name does not forbid every password that holds it.
    expect(passwordWeakness('a-long-enough-password', 'al@example.com')).toBeNull();
  });

  it('lets a passphrase through', () => {
    for (const password of [
      'a-long-enough-password',
      'correct-horse-battery',
      'stack-chaos-long-password',
      'assay-demo-client',
    ]) {
      expect(passwordWeakness(password, 'demo-client@assay.example'), password).toBeNull();
    }
  });
});
