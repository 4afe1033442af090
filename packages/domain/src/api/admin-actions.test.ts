import { describe, expect, test } from 'vitest';
import {
  adminKycListQuerySchema,
  adminPayoutListQuerySchema,
  adminPayoutSchema,
  markPayoutSentSchema,
  requestPhotosSchema,
  returnSubmissionSchema,
} from './admin-actions.ts';

const issues = (
  schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) => schema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('returnSubmissionSchema and requestPhotosSchema', () => {
  test('the body is optional, and blank text means no text', () => {
    expect(returnSubmissionSchema.parse(undefined)).toEqual({ reason: undefined });
    expect(returnSubmissionSchema.parse(null)).toEqual({ reason: undefined });
    expect(returnSubmissionSchema.safeParse('text').success).toBe(false);
    expect(returnSubmissionSchema.parse({ reason: '   ' })).toEqual({ reason: undefined });
    expect(returnSubmissionSchema.parse({ reason: ' Not gold ' })).toEqual({ reason: 'Not gold' });
    expect(requestPhotosSchema.parse(undefined)).toEqual({ message: undefined });
    expect(requestPhotosSchema.parse(null)).toEqual({ message: undefined });
    expect(requestPhotosSchema.parse({ message: ' The clasp, please ' })).toEqual({ message: 'The clasp, please' });
  });

  test('text is limited to 1000 characters', () => {
    expect(issues(requestPhotosSchema, { message: 'x'.repeat(1001) })).toEqual([
      ['message', 'The message can be at most 1000 characters.'],
    ]);
    expect(issues(returnSubmissionSchema, { reason: 42 })).toEqual([['reason', 'The reason must be text.']]);
  });
});

describe('adminKycListQuerySchema', () => {
  test('an optional status filter', () => {
    expect(adminKycListQuerySchema.parse({})).toEqual({});
    expect(adminKycListQuerySchema.parse({ status: '' })).toEqual({});
    expect(adminKycListQuerySchema.parse({ status: 'pending' })).toEqual({ status: 'pending' });
    expect(issues(adminKycListQuerySchema, { status: 'none' })).toEqual([
      ['status', 'Status must be one of pending, approved or rejected.'],
    ]);
  });
});

describe('markPayoutSentSchema', () => {
  test('a reference of 1 to 100 characters', () => {
    expect(markPayoutSentSchema.parse({ reference: ' CHK-1042 ' })).toEqual({ reference: 'CHK-1042' });
    const missing = 'Please enter the payment reference (check number, ACH trace or PayPal transaction id).';
    expect(issues(markPayoutSentSchema, {})).toEqual([['reference', missing]]);
    expect(issues(markPayoutSentSchema, { reference: '  ' })).toEqual([['reference', missing]]);
    expect(issues(markPayoutSentSchema, { reference: 'x'.repeat(101) })).toEqual([
      ['reference', 'The reference can be at most 100 characters.'],
    ]);
  });
});

describe('adminPayoutListQuerySchema', () => {
  test('pending by default, at most 100', () => {
    expect(adminPayoutListQuerySchema.parse({})).toEqual({ status: 'pending', limit: 100 });
    expect(adminPayoutListQuerySchema.parse({ status: '', limit: '' })).toEqual({ status: 'pending', limit: 100 });
    expect(adminPayoutListQuerySchema.parse({ status: 'paid', limit: '20' })).toEqual({ status: 'paid', limit: 20 });
    expect(adminPayoutListQuerySchema.parse({ status: 'pending', limit: '1' })).toEqual({ status: 'pending', limit: 1 });
  });

  test('a bad status or limit is refused with a clear message', () => {
    const statusMessage = 'Status must be one of pending, processing, paid, failed, returned or unclaimed.';
    expect(issues(adminPayoutListQuerySchema, { status: 'sent' })).toEqual([['status', statusMessage]]);
    expect(issues(adminPayoutListQuerySchema, { status: 'PENDING' })).toEqual([['status', statusMessage]]);
    expect(issues(adminPayoutListQuerySchema, { status: ['pending', 'sent'] })).toEqual([['status', statusMessage]]);
    const limitMessage = 'limit must be a whole number from 1 to 100.';
    for (const limit of ['0', '101', '2.5', 'abc', '-1']) {
      expect(issues(adminPayoutListQuerySchema, { limit }), limit).toEqual([['limit', limitMessage]]);
    }
  });
});

describe('adminPayoutSchema', () => {
  test('a payout with its submission and customer label; nothing else leaks through', () => {
    const item = {
      id: 't1',
      submissionId: 's1',
      amount: '970.70',
      grossAmount: '1000.00',
      feeAmount: '29.30',
      goodwillAmount: '0.00',
      payoutMethod: 'paypal',
      payoutDetails: { email: 'seller@example.com' },
      status: 'pending',
      rail: 'manual',
      reference: null,
      statusReason: null,
      statusChangedAt: '2030-01-04T12:00:00.000Z',
      attempt: 1,
      sentAt: null,
      awaitingApproval: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      submission: { id: 's1', shortId: 's1', description: 'Ring', category: 'jewelry', finalOffer: '1000.00' },
      customerLabel: 'Customer #abcd',
      mailTo: null,
      approval: null,
    };
    expect(adminPayoutSchema.parse({ ...item, encryptedBankDetails: 'ciphertext' })).toEqual(item);
  });

  test('a check payout carries the address to mail it to', () => {
    const mailTo = {
      name: 'Casey Client',
      line1: '12 Main St',
      line2: null,
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      phone: null,
    };
    const parsed = adminPayoutSchema.safeParse({
      id: 't2',
      submissionId: 's2',
      amount: '500.00',
      grossAmount: '500.00',
      feeAmount: '0.00',
      payoutMethod: 'check',
      payoutDetails: { method: 'check' },
      status: 'pending',
      rail: 'manual',
      reference: null,
      statusReason: null,
      statusChangedAt: '2030-01-04T12:00:00.000Z',
      attempt: 1,
      sentAt: null,
      awaitingApproval: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      approval: null,
      submission: { id: 's2', shortId: 's2', description: 'Coins', category: 'scrap', finalOffer: '500.00' },
      customerLabel: 'Customer #abcd',
      mailTo,
    });
    expect(parsed.success && parsed.data.mailTo).toEqual(mailTo);
  });
});
