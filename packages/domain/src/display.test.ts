import { describe, expect, test } from 'vitest';
import { customerLabel, maskAccountNumber, shortId, userFullName, userInitials } from './display.ts';

describe('display (SPEC 9)', () => {
  test('short id is the last 8 characters', () => {
    expect(shortId('3f2b9c1e-8d4a-4f7b-9a1c-5e6d7f8a9b0c')).toBe('7f8a9b0c');
    expect(shortId('abc')).toBe('abc');
  });

  test("customer label is 'Customer #' and the last 4 characters of the user id", () => {
    expect(customerLabel('user_0042a9f1')).toBe('Customer #a9f1');
    expect(customerLabel('xy')).toBe('Customer #xy');
  });

  test.each([
    [{ firstName: 'Ada', lastName: 'lovelace' }, 'AL', 'Ada lovelace'],
    [{ firstName: 'Ada', lastName: null }, 'A', 'Ada'],
    [{ firstName: ' ', lastName: null }, 'U', ''],
    [null, 'U', ''],
  ])('%j -> initials %j, name %j', (user, initials, name) => {
    expect(userInitials(user)).toBe(initials);
    expect(userFullName(user)).toBe(name);
  });

  test('account numbers show only the last 4 digits', () => {
    expect(maskAccountNumber('000123456789')).toBe('••••6789');
    expect(maskAccountNumber('1234')).toBe('1234');
  });
});
