import { describe, expect, test } from 'vitest';
import { adminKycListQuerySchema, markPayoutSentSchema, requestPhotosSchema, returnSubmissionSchema } from './admin-actions.ts';

const issues = (schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

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
