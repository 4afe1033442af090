import { describe, expect, test } from 'vitest';
import { currentUserSchema } from './current-user.ts';

describe('currentUserSchema', () => {
  const user = {
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: null,
    isAdmin: false,
    isPremium: true,
    twoFactorEnabled: false,
    mustEnrolSecondFactor: false,
  };

  test('accepts the SPEC shape and drops unknown fields', () => {
    expect(currentUserSchema.parse({ ...user, passwordHash: 'secret' })).toEqual(user);
  });

  test('requires the flags and nullable names', () => {
    expect(currentUserSchema.safeParse({ ...user, isAdmin: undefined }).success).toBe(false);
    expect(currentUserSchema.safeParse({ ...user, firstName: undefined }).success).toBe(false);
  });
});
