import { describe, expect, test } from 'vitest';
import {
  SELLER_STATEMENT_VERSION,
  SIGNED_NAME_MAX,
  sellerStatementText,
  signSellerStatementSchema,
  signSellerStatementSchemaFor,
  signedNameMatchesAccount,
  statementMessages,
} from './seller-statement.ts';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('the statement text', () => {
  test('names the seller and the submission, and ends with the wording Florida requires', () => {
    const text = sellerStatementText({ sellerName: ' Jane Doe ', submission: 'A-1042' });
    expect(text).toContain('I, Jane Doe, am of lawful age');
    expect(text).toContain('in submission A-1042,');
    expect(text.endsWith('I declare under penalty of perjury that the foregoing is true and correct.')).toBe(true);
    expect(text).not.toMatch(/[{}]/);
  });

  test('a name is written as typed, even one that looks like a replacement pattern', () => {
    expect(sellerStatementText({ sellerName: 'A $& B', submission: "$'" })).toMatch(/^I, A \$& B, .* submission \$', and/u);
  });

  test('refuses to write a statement without a name or a submission', () => {
    expect(() => sellerStatementText({ sellerName: '  ', submission: 'A-1' })).toThrow(RangeError);
    expect(() => sellerStatementText({ sellerName: 'Jane', submission: '' })).toThrow(RangeError);
  });
});

describe('signing', () => {
  const accountName = 'Jane Doe';
  const schema = signSellerStatementSchemaFor(accountName);

  test('accepts the account name typed loosely (case and spaces)', () => {
    const result = schema.safeParse({ typedName: '  jane   DOE ', statementVersion: SELLER_STATEMENT_VERSION });
    expect(result.success).toBe(true);
    expect(result.data?.typedName).toBe('jane   DOE');
  });

  test.each([
    ['', statementMessages.nameMissing],
    ['    ', statementMessages.nameMissing],
    ['J', statementMessages.nameTooShort],
    ['J'.repeat(SIGNED_NAME_MAX + 1), statementMessages.nameTooLong],
  ])('typed name %j -> %j', (typedName, message) => {
    expect(messagesOf(signSellerStatementSchema.safeParse({ typedName, statementVersion: SELLER_STATEMENT_VERSION }))).toEqual([
      message,
    ]);
  });

  test('a missing name says what to do', () => {
    expect(messagesOf(signSellerStatementSchema.safeParse({ statementVersion: SELLER_STATEMENT_VERSION }))).toEqual([
      statementMessages.nameMissing,
    ]);
  });

  test('another name is refused with a sentence', () => {
    expect(messagesOf(schema.safeParse({ typedName: 'John Roe', statementVersion: SELLER_STATEMENT_VERSION }))).toEqual([
      statementMessages.nameMismatch,
    ]);
  });

  test('an old statement version is refused', () => {
    expect(messagesOf(schema.safeParse({ typedName: accountName, statementVersion: '2020-01-01' }))).toEqual([
      statementMessages.versionChanged,
    ]);
  });

  test.each([
    ['Jane Doe', 'jane doe', true],
    ['JaneDoe', 'Jane Doe', true],
    ['José Núñez', 'jose nunez', false],
    ['', '', false],
  ])('%j matches %j: %j', (typed, account, expected) => {
    expect(signedNameMatchesAccount(typed, account)).toBe(expected);
  });
});
