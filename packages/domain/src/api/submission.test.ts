import { describe, expect, it } from 'vitest';
import { submissionSchema } from './submission.ts';
import { transactionSchema } from './transaction.ts';

const submission = {
  id: 's1',
  userId: 'u1',
  category: 'jewelry',
  description: 'ring',
  estimatedWeight: 3,
  weightUnit: 'grams',
  images: [],
  preliminaryQuoteMin: '108',
  preliminaryQuoteMax: '162',
  material: null,
  quoteBasis: null,
  insuredValue: '162',
  finalOffer: null,
  actualWeight: null,
  status: 'new',
  guaranteeDeadline: '2026-01-03T00:00:00.000Z',
  requiresKyc: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('response schemas', () => {
  it('drop fields the schema does not name, so nothing internal leaks by accident', () => {
    const parsed = submissionSchema.parse({ ...submission, secret: 'x' });
    expect(parsed).not.toHaveProperty('secret');
    expect(parsed).not.toHaveProperty('adminNotes');
  });

  it('keep an unknown status as its raw value (SPEC 4)', () => {
    expect(submissionSchema.parse({ ...submission, status: 'lost-in-mail' }).status).toBe('lost-in-mail');
  });

  it('refuse a transaction whose details are not plain strings', () => {
    const tx = {
      id: 't',
      submissionId: 's1',
      amount: '1.00',
      grossAmount: '1.00',
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
      createdAt: 'x',
    };
    expect(transactionSchema.parse(tx).payoutDetails).toEqual({ method: 'check' });
    expect(() => transactionSchema.parse({ ...tx, payoutDetails: { accountNumber: 123 } })).toThrow();
  });
});
