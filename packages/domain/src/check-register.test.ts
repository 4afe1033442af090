import { describe, expect, test } from 'vitest';
import { checkMailedSchema, registerCheckSchema, voidCheckSchema } from './api/checks.ts';
import {
  amountInFigures,
  amountInWords,
  CHECK_NUMBER_MAX,
  checkLabel,
  checkStubLines,
  checkVoidedReason,
  isCheckNumber,
  mailedOnProblem,
  nextCheckNumber,
  parseIsoDay,
} from './check-register.ts';

describe('check numbers', () => {
  test('are whole numbers from 1 to 8 digits', () => {
    expect(isCheckNumber(1)).toBe(true);
    expect(isCheckNumber(99_999_999)).toBe(true);
    for (const bad of [0, -1, 1.5, 100_000_000, Number.NaN, '1001', null]) expect(isCheckNumber(bad)).toBe(false);
  });

  test('the next is one after the highest used, from the first number, never past 8 digits', () => {
    expect(nextCheckNumber(null)).toBe(1001);
    expect(nextCheckNumber(null, 5000)).toBe(5000);
    expect(nextCheckNumber(1001)).toBe(1002);
    expect(nextCheckNumber(1200, 5000)).toBe(5000);
    expect(nextCheckNumber(7000, 5000)).toBe(7001);
    expect(nextCheckNumber(CHECK_NUMBER_MAX - 1)).toBe(CHECK_NUMBER_MAX);
    expect(nextCheckNumber(CHECK_NUMBER_MAX)).toBeNull();
  });

  test('the register body refuses a number that is not 1-8 digits, with one sentence', () => {
    expect(registerCheckSchema.safeParse({ transactionId: 't', checkNumber: 1234 }).success).toBe(true);
    expect(registerCheckSchema.safeParse({ transactionId: 't' }).success).toBe(true);
    for (const checkNumber of [0, 123_456_789, 12.5, '1234', -3]) {
      const result = registerCheckSchema.safeParse({ transactionId: 't', checkNumber });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('A check number is a whole number from 1 to 99999999 (at most 8 digits).');
    }
  });

  test('name the check in references and reasons', () => {
    expect(checkLabel(1234)).toBe('Check 1234');
    expect(checkVoidedReason(1234, '  lost in the mail ')).toBe('Check 1234 voided: lost in the mail');
  });
});

describe('the amount in words, exact from cents', () => {
  test.each([
    [48520, 'Four hundred eighty-five and 20/100 dollars'],
    [1, 'Zero and 01/100 dollars'],
    [100, 'One and 00/100 dollars'],
    [99, 'Zero and 99/100 dollars'],
    [1_000, 'Ten and 00/100 dollars'],
    [1_900, 'Nineteen and 00/100 dollars'],
    [2_100, 'Twenty-one and 00/100 dollars'],
    [10_000, 'One hundred and 00/100 dollars'],
    [100_000, 'One thousand and 00/100 dollars'],
    [100_500, 'One thousand five and 00/100 dollars'],
    [1_234_567, 'Twelve thousand three hundred forty-five and 67/100 dollars'],
    [100_000_000, 'One million and 00/100 dollars'],
    [100_000_001, 'One million and 01/100 dollars'],
    [120_000_500, 'One million two hundred thousand five and 00/100 dollars'],
    [
      999_999_999_999,
      'Nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine and 99/100 dollars',
    ],
  ])('%i cents -> %s', (cents, words) => {
    expect(amountInWords(cents)).toBe(words);
  });

  test('takes bigints and refuses what a check cannot say', () => {
    expect(amountInWords(48520n)).toBe('Four hundred eighty-five and 20/100 dollars');
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(0.5)).toThrow(RangeError);
  });

  test('the figures are starred in front', () => {
    expect(amountInFigures(48520)).toBe('**485.20');
    expect(amountInFigures(100_000_000)).toBe('**1,000,000.00');
  });
});

describe('the mailing day', () => {
  const registeredAt = new Date('2026-11-20T15:00:00Z');
  const now = new Date('2026-11-24T09:00:00Z');
  const NY = 'America/New_York';

  test('is a real day, not in the future, not before registration', () => {
    expect(mailedOnProblem('2026-11-20', registeredAt, now, NY)).toBeNull();
    expect(mailedOnProblem('2026-11-24', registeredAt, now, NY)).toBeNull();
    expect(mailedOnProblem('2026-11-25', registeredAt, now, NY)).toBe('The day the check was mailed cannot be in the future.');
    expect(mailedOnProblem('2026-11-19', registeredAt, now, NY)).toBe(
      'The check was registered on 2026-11-20, so it cannot have been mailed before that.',
    );
    expect(mailedOnProblem('2026-02-30', registeredAt, now, NY)).toBe('Please give the day the check was mailed as YYYY-MM-DD.');
    expect(mailedOnProblem('11/23/2026', registeredAt, now, NY)).toBe('Please give the day the check was mailed as YYYY-MM-DD.');
  });

  test("is the business's calendar day: a check registered and mailed at 9 pm in New York is mailed that day", () => {
    // 2026-11-28 02:00 UTC is 2026-11-27 21:00 in New York.
    const evening = new Date('2026-11-28T02:00:00Z');
    expect(mailedOnProblem('2026-11-27', evening, evening, NY)).toBeNull();
    // The next New York day has not begun there yet.
    expect(mailedOnProblem('2026-11-28', evening, evening, NY)).toBe('The day the check was mailed cannot be in the future.');
    // On UTC's calendar the same moment is already the 28th.
    expect(mailedOnProblem('2026-11-27', evening, evening, 'UTC')).toBe(
      'The check was registered on 2026-11-28, so it cannot have been mailed before that.',
    );
  });

  test('parseIsoDay and the body schemas', () => {
    expect(parseIsoDay('2024-02-29')).toBe('2024-02-29');
    expect(parseIsoDay('2025-02-29')).toBeNull();
    expect(checkMailedSchema.safeParse({ mailedOn: '2026-11-23' }).success).toBe(true);
    expect(checkMailedSchema.safeParse({ mailedOn: 'yesterday' }).success).toBe(false);
    expect(voidCheckSchema.parse({ reason: '  lost \n in  the mail ' })).toEqual({ reason: 'lost in the mail' });
    expect(voidCheckSchema.safeParse({ reason: '   ' }).success).toBe(false);
    expect(voidCheckSchema.safeParse({ reason: 'x'.repeat(201) }).success).toBe(false);
    expect(voidCheckSchema.safeParse({ reason: 'x'.repeat(200) }).success).toBe(true);
  });
});

describe('the stub', () => {
  test('says the memo, the amount both ways and the remittance lines', () => {
    const lines = checkStubLines({
      checkNumber: 1234,
      date: '2026-11-23',
      payee: 'Ada Lovelace',
      amountCents: 48520,
      submissionShortId: 'AB12CD34',
      offerCents: 50000,
      feeCents: 1480,
    });
    expect(lines.memo).toBe('Submission #AB12CD34');
    expect(lines.figures).toBe('**485.20');
    expect(lines.words).toBe('Four hundred eighty-five and 20/100 dollars');
    expect(lines.remittance).toEqual([
      ['Check number', '1234'],
      ['Date', 'Nov 23, 2026'],
      ['Pay to', 'Ada Lovelace'],
      ['For', 'Submission #AB12CD34'],
      ['Accepted offer', '$500.00'],
      ['Fee', '$14.80'],
      ['Net amount paid', '$485.20'],
    ]);
  });
});
