import { describe, expect, it } from 'vitest';
import { createSubmissionSchema } from './api/create-submission.ts';
import { updateSubmissionSchema } from './api/update-submission.ts';
import { exactDecimalFromNumber, MAX_DECIMAL_TEXT_LENGTH, parseExactDecimal, toExactDecimal } from './exact-decimal.ts';
import { dollarsToCents } from './money.ts';
import { checkOfferLines, counterOfferSchema, offerLineInputSchema } from './offer-lines.ts';
import { DEFAULT_PAYOUT_RATES } from './payout-rates.ts';
import { payoutRateInputSchema } from './rule-schemas.ts';

// 2^53 + 2: a double holds it exactly, a safe integer it is not.
const UNSAFE = 2 ** 53 + 2;
const huge = [1e308, UNSAFE, '1e308', '9007199254740994', 'Infinity', '-Infinity', 'NaN', '1'.repeat(400)];

const goodLine = {
  description: '14k rope chain',
  material: 'gold-14k',
  weight: '10',
  weightUnit: 'grams',
  purityPercent: '58.5',
  testMethod: 'xrf',
  referencePrice: '100',
  referenceUnit: 'gram',
  priceSource: 'gold-api.com',
  pricedAt: '2026-03-10T12:00:00.000Z',
  percentPaid: '85',
  amount: '497.25',
};

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('exact decimals refuse, never throw, on huge or non-finite input', () => {
  it.each(['Infinity', 'NaN', '1e308', '-', '.', '0x10', '1'.repeat(MAX_DECIMAL_TEXT_LENGTH + 1)])(
    'parseExactDecimal(%j) is null',
    (text) => {
      expect(parseExactDecimal(text)).toBeNull();
    },
  );

  it('reads a long number within the limit, and non-finite JSON numbers as null', () => {
    expect(parseExactDecimal('9'.repeat(MAX_DECIMAL_TEXT_LENGTH))?.scale).toBe(0);
    expect(exactDecimalFromNumber(Number.POSITIVE_INFINITY)).toBeNull();
    expect(exactDecimalFromNumber(Number.NaN)).toBeNull();
    expect(toExactDecimal(1e308)?.units).toBe(10n ** 308n);
  });

  it.each(['1e308', '9007199254740994', '90071992547409.93', 'Infinity', '1'.repeat(400), '-5'])(
    'dollarsToCents(%j) is null',
    (text) => {
      expect(dollarsToCents(text)).toBeNull();
    },
  );
});

describe('every number of an offer line has a bound, said with the field', () => {
  it.each([
    ['weight', "A line's weight can be at most 500,000 (100 kg counted in carats)."],
    ['referencePrice', "A line's reference price can be at most $1,000,000.00 per carat ($10,000.00 per gram)."],
    ['purityPercent', "A line's purity can be at most 100%."],
    ['percentPaid', "A line's % paid can be at most 100%."],
    ['amount', "A line's amount can be at most $10,000,000.00."],
  ])('%s: 1e308 and 2^53+2 are refused with "%s"', (field, bound) => {
    for (const value of [1e308, UNSAFE, String(UNSAFE)]) {
      expect(messagesOf(offerLineInputSchema.safeParse({ ...goodLine, [field]: value }))).toEqual([`${field}: ${bound}`]);
    }
    for (const value of ['Infinity', '1e308', 'NaN', '1'.repeat(400)]) {
      const messages = messagesOf(offerLineInputSchema.safeParse({ ...goodLine, [field]: value }));
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(new RegExp(`^${field}: A line's .+\\.$`));
    }
  });

  it("checks 100 kg in the line's own unit, and a price per gram against a metal's bound", () => {
    const line = (over: object) => offerLineInputSchema.parse({ ...goodLine, ...over });
    expect(checkOfferLines([line({ weight: '3216', weightUnit: 'oz', reason: 'x' })], DEFAULT_PAYOUT_RATES)).toEqual({
      ok: false,
      message: 'Line 1: the weight can be at most 100 kg (3,215.0723 oz).',
    });
    expect(checkOfferLines([line({ referencePrice: '10000.0001', reason: 'x' })], DEFAULT_PAYOUT_RATES)).toEqual({
      ok: false,
      message: 'Line 1: the reference price can be at most $10,000.00 per gram.',
    });
    // At the bounds nothing overflows: 100 kg at $10,000 a gram is still a proposal in whole cents.
    const heaviest = checkOfferLines([line({ weight: '100000', referencePrice: '10000', reason: 'x' })], DEFAULT_PAYOUT_RATES);
    expect(heaviest).toMatchObject({ ok: true, lines: [{ proposedAmount: '497250000.00' }] });
  });
});

describe('the other numbers a request carries', () => {
  it.each(huge)('the final offer, the weighed weight and the counter-offer refuse %j with a sentence', (value) => {
    for (const messages of [
      messagesOf(updateSubmissionSchema.safeParse({ finalOffer: value })),
      messagesOf(updateSubmissionSchema.safeParse({ actualWeight: value })),
      messagesOf(counterOfferSchema.safeParse({ amount: value })),
    ]) {
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/^\w+: [A-Z].+\.$/);
    }
  });

  it('names the bound of each', () => {
    expect(messagesOf(updateSubmissionSchema.safeParse({ finalOffer: 1e308 }))).toEqual([
      'finalOffer: The final offer cannot be more than $10,000,000.00.',
    ]);
    expect(messagesOf(updateSubmissionSchema.safeParse({ actualWeight: UNSAFE }))).toEqual([
      'actualWeight: The actual weight is too large; the most we accept is 100 kg.',
    ]);
    expect(messagesOf(counterOfferSchema.safeParse({ amount: UNSAFE }))).toEqual([
      'amount: A counter-offer can be at most $30,000,000.00.',
    ]);
    expect(messagesOf(counterOfferSchema.safeParse({ amount: '30000000.01' }))).toEqual([
      'amount: A counter-offer can be at most $30,000,000.00.',
    ]);
    expect(messagesOf(counterOfferSchema.safeParse({ amount: -5 }))).toEqual([
      'amount: A counter-offer must be more than $0.00.',
    ]);
  });

  it("refuses the calculator's estimated weight above 100 kg, and payout rates outside 0-100%", () => {
    const quote = { category: 'scrap', itemType: 'gold-14k', weightUnit: 'grams', description: 'A chain' };
    for (const estimatedWeight of [1e308, UNSAFE]) {
      const messages = messagesOf(createSubmissionSchema.safeParse({ ...quote, estimatedWeight }));
      expect(messages).toContain('estimatedWeight: That weight is too large to quote online; the most we accept is 100 kg.');
    }
    for (const percent of ['1e308', '9007199254740994', '101', '-1', 'Infinity']) {
      expect(messagesOf(payoutRateInputSchema.safeParse({ minPercent: percent, maxPercent: '90' }))[0]).toMatch(
        /^minPercent: The minimum must be a percent from 0 to 100/,
      );
    }
  });
});
