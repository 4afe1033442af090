import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_MAX_LENGTH,
  displayNameSchema,
  EMAIL_MAX_LENGTH,
  emailSchema,
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
    expect(signUpSchema.safeParse({ ...base, password: 'tea-at-four' }).success).toBe(true);
  });

  it('refuse a common password, with the sentence, at sign-up and on a new password', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'pat@example.com' };
    for (const password of ['password123', '1234567890', 'qwertyuiop', 'aaaaaaaaaa']) {
      const signUp = signUpSchema.safeParse({ ...base, password });
      expect(
        signUp.error?.issues.map((i) => i.message),
        password,
      ).toEqual([expect.stringMatching(/among the first guessed/)]);
      const reset = resetPasswordSchema.safeParse({ newPassword: password, confirmPassword: password });
      expect(reset.error?.issues[0]?.message, password).toMatch(/among the first guessed/);
    }
    // Too short says only that.
    expect(signUpSchema.safeParse({ ...base, password: 'aaaa' }).error?.issues.map((i) => i.message)).toEqual([
      'Password must be at least 10 characters',
    ]);
  });

  it("refuse a password made of the e-mail's own name at sign-up", () => {
    const result = signUpSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'patricia.person@example.com',
      password: 'PatriciaPerson1!',
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ['password'], message: expect.stringMatching(/e-mail address/) });
  });

  it('refuse an e-mail address longer than 254 characters, with a sentence', () => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(at254).toHaveLength(254);
    expect(emailSchema.safeParse(at254).success).toBe(true);
    const tooLong = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(tooLong).toHaveLength(255);
    const base = { firstName: 'A', lastName: 'B', password: 'tea-at-four' };
    expect(signUpSchema.safeParse({ ...base, email: tooLong }).error?.issues[0]?.message).toBe(
      'An e-mail address can be at most 254 characters',
    );
  });

  it('explain a bad e-mail in words', () => {
    const result = signInSchema.safeParse({ email: 'nope', password: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a valid e-mail address, like name@example.com');
  });

  it('insist the two new passwords match', () => {
    const result = resetPasswordSchema.safeParse({ newPassword: 'tea-at-four-1', confirmPassword: 'tea-at-four-2' });
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
