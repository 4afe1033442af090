import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, resetPasswordSchema, signInSchema, signUpSchema } from './account.ts';

describe('account forms', () => {
  it('need a password of at least 10 characters to sign up', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    const base = { firstName: 'A', lastName: 'B', email: 'a@b.co' };
    expect(signUpSchema.safeParse({ ...base, password: '123456789' }).success).toBe(false);
    expect(signUpSchema.safeParse({ ...base, password: '1234567890' }).success).toBe(true);
  });

  it('explain a bad e-mail in words', () => {
    const result = signInSchema.safeParse({ email: 'nope', password: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a valid e-mail address, like name@example.com');
  });

  it('insist the two new passwords match', () => {
    const result = resetPasswordSchema.safeParse({ newPassword: 'abcdefghijk', confirmPassword: 'abcdefghijz' });
    expect(result.error?.issues[0]?.message).toBe('The passwords do not match');
  });
});
