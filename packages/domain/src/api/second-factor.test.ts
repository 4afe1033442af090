import { describe, expect, test } from 'vitest';
import { authenticatorCodeSchema, recoveryCodeSchema, stepUpBodySchema } from './second-factor.ts';

describe('second-factor codes', () => {
  test('an authenticator code is six digits; the spaces people copy with it are dropped', () => {
    expect(authenticatorCodeSchema.parse('123456')).toBe('123456');
    expect(authenticatorCodeSchema.parse(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', '', '12345٦'])
      expect(authenticatorCodeSchema.safeParse(bad).success).toBe(false);
    expect(authenticatorCodeSchema.safeParse(123456).success).toBe(false);
  });

  test('a recovery code is 5-5 letters and digits', () => {
    expect(recoveryCodeSchema.parse('Ab12c-3De4f')).toBe('Ab12c-3De4f');
    for (const bad of ['ab12c3de4f', 'ab12c-3de4', "ab12c-3de4'", ''])
      expect(recoveryCodeSchema.safeParse(bad).success).toBe(false);
  });

  test('the step-up body holds the code and nothing else', () => {
    expect(stepUpBodySchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(stepUpBodySchema.safeParse({ code: '123456', trustDevice: true }).success).toBe(false);
  });
});
