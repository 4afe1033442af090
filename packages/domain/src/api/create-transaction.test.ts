import { describe, expect, test } from 'vitest';
import { createTransactionSchema, retryPayoutSchema } from './create-transaction.ts';

const issues = (input: unknown) =>
  createTransactionSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const ach = {
  submissionId: 'sub-1',
  payoutMethod: 'ach',
  payoutDetails: { accountName: ' Ada Lovelace ', routingNumber: '011000015', accountNumber: '000123456789' },
};

describe('createTransactionSchema', () => {
  test('ACH details are trimmed and kept', () => {
    expect(createTransactionSchema.parse({ ...ach, amount: '999999' })).toEqual({
      submissionId: 'sub-1',
      amount: '999999',
      payoutMethod: 'ach',
      payoutDetails: { accountName: 'Ada Lovelace', routingNumber: '011000015', accountNumber: '000123456789' },
    });
  });

  test('PayPal needs an e-mail', () => {
    expect(
      createTransactionSchema.parse({
        submissionId: 'sub-1',
        payoutMethod: 'paypal',
        payoutDetails: { email: ' ada@example.com ' },
      }),
    ).toEqual({ submissionId: 'sub-1', payoutMethod: 'paypal', payoutDetails: { email: 'ada@example.com' } });
  });

  test("check details are { method: 'check' }, also when left out", () => {
    const expected = { submissionId: 'sub-1', payoutMethod: 'check', payoutDetails: { method: 'check' } };
    expect(
      createTransactionSchema.parse({ submissionId: 'sub-1', payoutMethod: 'check', payoutDetails: { method: 'check' } }),
    ).toEqual(expected);
    expect(createTransactionSchema.parse({ submissionId: 'sub-1', payoutMethod: 'check' })).toEqual(expected);
    expect(issues({ submissionId: 'sub-1', payoutMethod: 'check', payoutDetails: { method: 'ach' } })).toEqual([
      ['payoutDetails.method', 'Check details must say method "check".'],
    ]);
  });

  test.each([
    ['accountName', '  ', 'Please fill in all bank account details'],
    ['routingNumber', '', 'Please fill in all bank account details'],
    ['accountNumber', undefined, 'Please fill in all bank account details'],
    ['accountName', 'x'.repeat(101), 'The account holder name can be at most 100 characters.'],
    ['routingNumber', '01100001', 'The routing number must be exactly 9 digits.'],
    ['routingNumber', '011000016', 'That routing number is not valid; please check it with your bank.'],
    ['accountNumber', '123', 'The account number must be 4 to 17 digits.'],
    ['accountNumber', '1'.repeat(18), 'The account number must be 4 to 17 digits.'],
    ['accountNumber', '1234-5678', 'The account number must be 4 to 17 digits.'],
  ])('ACH %s = %j -> %j', (field, value, message) => {
    expect(issues({ ...ach, payoutDetails: { ...ach.payoutDetails, [field]: value } })).toEqual([
      [`payoutDetails.${field}`, message],
    ]);
  });

  test('ACH without details', () => {
    expect(issues({ ...ach, payoutDetails: undefined })).toEqual([['payoutDetails', 'Please fill in all bank account details']]);
  });

  test.each([
    [{ email: '' }, 'payoutDetails.email', 'Please enter your PayPal email address'],
    [{}, 'payoutDetails.email', 'Please enter your PayPal email address'],
    [{ email: 'not-an-email' }, 'payoutDetails.email', 'Please enter a valid PayPal email address.'],
    [undefined, 'payoutDetails', 'Please enter your PayPal email address'],
  ])('PayPal details %j -> %s: %j', (payoutDetails, path, message) => {
    expect(issues({ submissionId: 'sub-1', payoutMethod: 'paypal', payoutDetails })).toEqual([[path, message]]);
  });

  test('an unknown method is refused with a sentence', () => {
    expect(issues({ submissionId: 'sub-1', payoutMethod: 'wire', payoutDetails: {} })).toEqual([
      ['payoutMethod', 'Please choose how you want to be paid: ACH bank transfer, PayPal or paper check.'],
    ]);
  });

  test('the submission id is required', () => {
    expect(issues({ ...ach, submissionId: ' ' })).toEqual([['submissionId', 'Please say which submission this is about.']]);
    expect(issues({ ...ach, submissionId: 'x'.repeat(129) })).toEqual([
      ['submissionId', 'That submission id is too long to be valid.'],
    ]);
  });
});

describe('retryPayoutSchema', () => {
  const retryIssues = (input: unknown) =>
    retryPayoutSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  test('takes the same method choices, without a submission or amount', () => {
    const { submissionId: _submission, ...choice } = ach;
    expect(retryPayoutSchema.parse({ ...choice, submissionId: 'ignored' })).toEqual({
      payoutMethod: 'ach',
      payoutDetails: { accountName: 'Ada Lovelace', routingNumber: '011000015', accountNumber: '000123456789' },
    });
    expect(retryPayoutSchema.parse({ payoutMethod: 'check' })).toEqual({
      payoutMethod: 'check',
      payoutDetails: { method: 'check' },
    });
  });

  test('says the same sentence on the same field as accepting the offer', () => {
    const bad = { payoutMethod: 'ach', payoutDetails: { ...ach.payoutDetails, routingNumber: '123456789' } };
    expect(retryIssues(bad)).toEqual([
      ['payoutDetails.routingNumber', 'That routing number is not valid; please check it with your bank.'],
    ]);
    expect(retryIssues(bad)).toEqual(issues({ ...bad, submissionId: 'sub-1' }));
    expect(retryIssues({ payoutMethod: 'wire' })).toEqual([
      ['payoutMethod', 'Please choose how you want to be paid: ACH bank transfer, PayPal or paper check.'],
    ]);
  });
});
