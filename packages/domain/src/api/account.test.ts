import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_MAX_LENGTH,
  displayNameSchema,
  firstNameSchema,
  lastNameSchema,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './account.ts';

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

describe('names', () => {
  it('are trimmed, not empty and at most NAME_MAX_LENGTH characters', () => {
    expect(NAME_MAX_LENGTH).toBe(100);
    expect(firstNameSchema.parse('  Ada ')).toBe('Ada');
    expect(firstNameSchema.safeParse('   ').error?.issues[0]?.message).toBe('Enter your first name');
    expect(lastNameSchema.safeParse('x'.repeat(NAME_MAX_LENGTH)).success).toBe(true);
    expect(lastNameSchema.safeParse('x'.repeat(NAME_MAX_LENGTH + 1)).error?.issues[0]?.message).toBe('Last name is too long');
  });

  it('explain a value that is not text', () => {
    for (const value of [null, 5, [], {}]) {
      expect(firstNameSchema.safeParse(value).error?.issues[0]?.message).toBe('First name must be text');
    }
  });

  it('leave room for the display name, first and last joined by a space', () => {
    expect(DISPLAY_NAME_MAX_LENGTH).toBe(201);
    expect(displayNameSchema.safeParse(`${'x'.repeat(100)} ${'y'.repeat(100)}`).success).toBe(true);
    expect(displayNameSchema.safeParse('x'.repeat(202)).error?.issues[0]?.message).toBe('Your name is too long');
  });
});
