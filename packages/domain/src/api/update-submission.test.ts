import { describe, expect, test } from 'vitest';
import { actualWeightProblem, actualWeightSchemaFor, updateSubmissionSchema } from './update-submission.ts';

const issues = (input: unknown) =>
  updateSubmissionSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('updateSubmissionSchema', () => {
  test('normalises the offer to a 2-decimal string and the weight to a number', () => {
    expect(
      updateSubmissionSchema.parse({ finalOffer: '1250.5', actualWeight: '12.40', adminNotes: '  ok  ', status: 'offered' }),
    ).toEqual({ finalOffer: '1250.50', actualWeight: 12.4, adminNotes: 'ok', status: 'offered' });
    expect(updateSubmissionSchema.parse({ finalOffer: 1250, actualWeight: 12.4, status: 'offered' })).toEqual({
      finalOffer: '1250.00',
      actualWeight: 12.4,
      status: 'offered',
    });
  });

  test('other fields may change alone', () => {
    expect(updateSubmissionSchema.parse({ status: 'appraising' })).toEqual({ status: 'appraising' });
    expect(updateSubmissionSchema.parse({ adminNotes: null })).toEqual({ adminNotes: null });
  });

  test.each([
    [{ finalOffer: '0', actualWeight: 1 }, 'finalOffer', 'The final offer must be more than $0.00.'],
    [
      { finalOffer: '-5', actualWeight: 1 },
      'finalOffer',
      'The final offer must be an amount in dollars with at most 2 decimals, like 1250.00.',
    ],
    [
      { finalOffer: '12.345', actualWeight: 1 },
      'finalOffer',
      'The final offer must be an amount in dollars with at most 2 decimals, like 1250.00.',
    ],
    [
      { finalOffer: 0.1 + 0.2, actualWeight: 1 },
      'finalOffer',
      'The final offer must be an amount in dollars with at most 2 decimals, like 1250.00.',
    ],
    [{ finalOffer: Number.NaN, actualWeight: 1 }, 'finalOffer', 'The final offer must be an amount in dollars, like 1250.00.'],
    [{ finalOffer: '10000000.01', actualWeight: 1 }, 'finalOffer', 'The final offer cannot be more than $10,000,000.00.'],
    [{ finalOffer: true, actualWeight: 1 }, 'finalOffer', 'The final offer must be an amount in dollars, like 1250.00.'],
    [{ finalOffer: '', actualWeight: 1 }, 'finalOffer', 'Please enter final offer and actual weight'],
    [{ finalOffer: '10', actualWeight: '' }, 'actualWeight', 'Please enter final offer and actual weight'],
    [{ finalOffer: '10', actualWeight: 0 }, 'actualWeight', 'The actual weight must be greater than zero.'],
    [{ finalOffer: '10', actualWeight: -1 }, 'actualWeight', 'The actual weight must be greater than zero.'],
    [{ finalOffer: '10', actualWeight: 'heavy' }, 'actualWeight', 'The actual weight must be a number.'],
    [
      { finalOffer: '10', actualWeight: 600_000 },
      'actualWeight',
      'The actual weight is too large; the most we accept is 100 kg.',
    ],
    [{ adminNotes: 'x'.repeat(5001) }, 'adminNotes', 'Notes can be at most 5000 characters.'],
    [{ status: 'done' }, 'status', 'Status must be one of new, appraising, offered, completed, returning or returned.'],
  ])('%j -> %s: %j', (input, path, message) => {
    expect(issues(input)).toEqual([[path, message]]);
  });

  test('the largest offer is $10,000,000.00', () => {
    expect(updateSubmissionSchema.parse({ finalOffer: '10000000' }).finalOffer).toBe('10000000.00');
  });

  test('an offer needs both the final offer and the actual weight (SPEC 5)', () => {
    expect(issues({ status: 'offered' })).toEqual([
      ['finalOffer', 'Please enter final offer and actual weight'],
      ['actualWeight', 'Please enter final offer and actual weight'],
    ]);
    expect(issues({ status: 'offered', finalOffer: '10' })).toEqual([
      ['actualWeight', 'Please enter final offer and actual weight'],
    ]);
  });

  test('an empty body is refused', () => {
    expect(issues({})).toEqual([['', 'Nothing to update: send a final offer, actual weight, notes or status.']]);
  });
});

describe('the actual weight', () => {
  test('is checked in the submission unit when it is known', () => {
    expect(actualWeightProblem(0.0005)).toBeNull();
    expect(actualWeightProblem(0.0005, 'oz')).toBeNull();
    expect(actualWeightProblem(0.0005, 'grams')).toBe('The actual weight is too small to weigh; the least we accept is 0.001 g.');
    expect(actualWeightSchemaFor('carats').safeParse('0.004').error?.issues[0]?.message).toBe(
      'The actual weight is too small to weigh; the least we accept is 0.001 g.',
    );
    expect(actualWeightSchemaFor('carats').parse('0.005')).toBe(0.005);
  });

  test('never has more decimals than are stored', () => {
    expect(actualWeightProblem('1.00001', 'grams')).toBe('The actual weight can have at most 4 decimal places.');
    expect(actualWeightProblem('1.0001', 'grams')).toBeNull();
  });
});
