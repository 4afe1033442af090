import { describe, expect, it } from 'vitest';
import {
  checkOfferLines,
  COUNTER_ACCEPTED_LINE,
  counterAcceptedLines,
  counterOfferSchema,
  defaultPercentPaid,
  defaultPurityPercent,
  offerLineNeedsReason,
  offerLineProblem,
  proposeOfferLine,
  proposeOfferLineAt,
  counterOfferProblem,
  isOfferLapsed,
  MAX_OFFER_LINES,
  lineReferencePrice,
  offerChangeSummary,
  offerReminders,
  offerValidUntil,
  offerLineInputSchema,
  proposedLineAmount,
  totalWeightIn,
  type OfferLineBody,
} from './offer-lines.ts';
import { DEFAULT_PAYOUT_RATES } from './payout-rates.ts';
import { updateSubmissionSchema } from './api/update-submission.ts';

const lineDefaults = {
  description: '14k chain',
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
} as const;

// The rules also take text the schema refuses (the offer form calls them as a person types), so a
// line the schema turns down goes to them as it is.
const line = (over: Partial<OfferLineBody> = {}): OfferLineBody => {
  const parsed = offerLineInputSchema.safeParse({ ...lineDefaults, ...over });
  return parsed.success ? parsed.data : { ...offerLineInputSchema.parse(lineDefaults), ...over };
};

describe('proposedLineAmount', () => {
  it('is price x grams x purity x paid, exact to the cent', () => {
    // 100 x 10 x 0.585 x 0.85 = 497.25
    expect(proposedLineAmount(line())).toBe('497.25');
    // 1 oz = 31.1035 g: 100 x 31.1035 x 0.585 x 0.85 = 1546.6215... -> 1546.62
    expect(proposedLineAmount(line({ weight: '1', weightUnit: 'oz' }))).toBe('1546.62');
    // No float error: 0.1 g x 0.3 $/g x 100% x 100% = 0.03
    expect(proposedLineAmount(line({ weight: '0.1', referencePrice: '0.3', purityPercent: '100', percentPaid: '100' }))).toBe(
      '0.03',
    );
  });

  it('counts carats for per-carat references (1 g = 5 ct)', () => {
    const gem = line({
      material: 'diamond',
      referenceUnit: 'carat',
      referencePrice: '1000',
      purityPercent: '100',
      percentPaid: '50',
    });
    expect(proposedLineAmount({ ...gem, weight: '2', weightUnit: 'carats' })).toBe('1000.00');
    expect(proposedLineAmount({ ...gem, weight: '0.4', weightUnit: 'grams' })).toBe('1000.00');
  });
});

describe('checkOfferLines', () => {
  const rates = DEFAULT_PAYOUT_RATES;
  it('adds up a valid offer', () => {
    const result = checkOfferLines([line(), line({ weight: '20', amount: '994.50' })], rates, '1491.75');
    expect(result).toMatchObject({ ok: true, totalCents: 149175 });
  });

  it.each([
    [{ weight: '0' }, 'Line 1: the weight must be more than zero.'],
    [{ weight: '-2' }, 'Line 1: the weight must be more than zero.'],
    [{ purityPercent: '0' }, 'Line 1: the purity must be more than 0% and at most 100%.'],
    [{ purityPercent: '100.5' }, 'Line 1: the purity must be more than 0% and at most 100%.'],
    [{ percentPaid: '101' }, 'Line 1: the % paid must be from 0 to 100 with at most 2 decimals.'],
    [
      { percentPaid: '95', amount: '555.75' },
      'Line 1: 95% is outside our published 80.00-92.00% for Gold 14K; please give a reason.',
    ],
    [{ amount: '400' }, 'Line 1: the amount $400.00 differs from the proposal of $497.25; please give a reason.'],
  ])('refuses %o', (over, message) => {
    const result = checkOfferLines([line(over as Partial<OfferLineBody>)], rates);
    expect(result).toEqual({ ok: false, message });
  });

  it('takes a reason for leaving the band or the proposal', () => {
    expect(checkOfferLines([line({ percentPaid: '95', amount: '400', reason: 'heavy solder' })], rates).ok).toBe(true);
  });

  it('says when the total does not match, and refuses $0 and more than 20 lines', () => {
    expect(checkOfferLines([line()], rates, '500')).toEqual({ ok: false, message: 'The lines add up to $497.25, not $500.00.' });
    expect(checkOfferLines([line({ percentPaid: '0', amount: '0', reason: 'plated' })], rates)).toEqual({
      ok: false,
      message: 'An offer must add up to more than $0.00.',
    });
    expect(
      checkOfferLines(
        Array.from({ length: 21 }, () => line()),
        rates,
      ),
    ).toEqual({
      ok: false,
      message: 'An offer can have at most 20 lines.',
    });
  });

  it('adds weights in one unit', () => {
    expect(totalWeightIn([line(), line({ weight: '1', weightUnit: 'oz' })], 'grams')).toBe('41.1035');
    expect(totalWeightIn([line({ weight: '31.1035' })], 'oz')).toBe('1.0000');
  });
});

describe('validity', () => {
  const at = new Date('2026-03-10T12:00:00.000Z');
  it('lapses after the configured days', () => {
    const until = offerValidUntil(at, 7);
    expect(until.toISOString()).toBe('2026-03-17T12:00:00.000Z');
    expect(isOfferLapsed(until, new Date(until.getTime() - 1))).toBe(false);
    expect(isOfferLapsed(until, until)).toBe(true);
  });
  it('reminds 48 h and 8 h before, skipping past marks', () => {
    const until = offerValidUntil(at, 7);
    expect(offerReminders(until, at).map((r) => [r.hoursBefore, r.at.toISOString()])).toEqual([
      [48, '2026-03-15T12:00:00.000Z'],
      [8, '2026-03-17T04:00:00.000Z'],
    ]);
    expect(offerReminders(offerValidUntil(at, 1), at).map((r) => r.hoursBefore)).toEqual([8]);
  });
});

describe('counterOfferProblem', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const open = {
    status: 'open' as const,
    totalCents: 100_000,
    validUntil: new Date('2026-03-11T00:00:00.000Z'),
    counterStatus: null,
  };
  it('allows one counter above $0 and at most 3 times the offer', () => {
    expect(counterOfferProblem(open, 300_000, now)).toBeNull();
    expect(counterOfferProblem(open, 0, now)).toBe('A counter-offer must be more than $0.00.');
    expect(counterOfferProblem(open, 300_001, now)).toBe(
      'A counter-offer can be at most 3 times our offer of $1,000.00, that is $3,000.00.',
    );
    expect(counterOfferProblem({ ...open, counterStatus: 'open' }, 1000, now)).toMatch(/already made a counter-offer/);
    expect(counterOfferProblem({ ...open, status: 'superseded' }, 1000, now)).toMatch(/replaced by a newer one/);
    expect(counterOfferProblem({ ...open, status: 'accepted' }, 1000, now)).toMatch(/already accepted/);
    expect(counterOfferProblem(open, 1000, new Date('2026-03-11T00:00:00.000Z'))).toBe(
      "This offer expired on March 11, 2026 at 00:00 UTC, so it cannot be countered. Ask us to re-issue it at today's prices.",
    );
  });
});

describe('reference prices and change summaries', () => {
  const rows = [
    {
      itemType: 'gold-24k',
      pricePerOz: '3107.92',
      pricePerGram: '99.9000',
      pricePerCarat: null,
      source: 'feed',
      updatedAt: 't1',
    },
    { itemType: 'silver', pricePerOz: '31', pricePerGram: '1.0000', pricePerCarat: null, source: 'feed', updatedAt: 't2' },
    {
      itemType: 'ruby',
      pricePerOz: null,
      pricePerGram: null,
      pricePerCarat: '500.00',
      source: 'admin-reference',
      updatedAt: 't3',
    },
  ];
  it('uses the fine gold price for karat golds, per carat for gems', () => {
    expect(lineReferencePrice('gold-14k', rows)).toEqual({
      referencePrice: '100.0000',
      referenceUnit: 'gram',
      priceSource: 'feed',
      pricedAt: 't1',
    });
    expect(lineReferencePrice('silver', rows)?.referencePrice).toBe('1.0000');
    expect(lineReferencePrice('ruby', rows)).toMatchObject({ referencePrice: '500.00', referenceUnit: 'carat' });
    expect(lineReferencePrice('platinum', rows)).toBeNull();
  });
  it('says what changed', () => {
    const a = {
      description: 'chain',
      weight: '12.0000',
      weightUnit: 'grams',
      amount: '600.00',
      referencePrice: '100',
      percentPaid: '85.00',
    };
    expect(
      offerChangeSummary(
        { totalCents: 70000, lines: [a, { ...a, description: 'ring', amount: '100.00' }] },
        { totalCents: 50000, lines: [{ ...a, weight: '10.0000', amount: '500.00' }] },
      ),
    ).toBe(
      'Your offer is now $500.00 (was $700.00): line 1 weight 10 grams (was 12 grams), $500.00 (was $600.00); line 2 removed (ring).',
    );
  });
});

describe('the bodies', () => {
  it("lets SPEC's PUT carry offer lines without finalOffer and actualWeight", () => {
    const raw = { ...line(), weight: 10 };
    const parsed = updateSubmissionSchema.safeParse({ status: 'offered', offerLines: [raw] });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.offerLines?.[0]?.weight).toBe('10');
    expect(updateSubmissionSchema.safeParse({ status: 'offered', offerLines: [] }).error?.issues[0]?.message).toBe(
      'An itemised offer needs at least one line.',
    );
  });

  it('reads a counter-offer as 2-decimal dollars and a message of at most 1000 characters', () => {
    expect(counterOfferSchema.parse({ amount: 650 })).toEqual({ amount: '650.00', message: '' });
    expect(counterOfferSchema.safeParse({ amount: '12.345' }).success).toBe(false);
    expect(counterOfferSchema.safeParse({ amount: '1', message: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      'A counter-offer message can be at most 1000 characters.',
    );
  });
});

describe("the appraiser's form", () => {
  const rows = [
    { itemType: 'gold-24k', pricePerOz: null, pricePerGram: '99.9000', pricePerCarat: null, source: 'feed', updatedAt: 't1' },
    {
      itemType: 'ruby',
      pricePerOz: null,
      pricePerGram: null,
      pricePerCarat: '500.00',
      source: 'admin-reference',
      updatedAt: 't3',
    },
  ];

  it('starts a line from the karat, the usual alloy or 100% for a gem, and the top of the band', () => {
    expect(defaultPurityPercent('gold-14k')).toBe('58.5');
    expect(defaultPurityPercent('gold-24k')).toBe('99.9');
    expect(defaultPurityPercent('silver')).toBe('92.5');
    expect(defaultPurityPercent('platinum')).toBe('95');
    expect(defaultPurityPercent('palladium')).toBe('95');
    expect(defaultPurityPercent('ruby')).toBe('100');
    expect(defaultPercentPaid('gold-14k', DEFAULT_PAYOUT_RATES)).toBe('92.00');
    expect(defaultPercentPaid('silver', DEFAULT_PAYOUT_RATES)).toBe('80.00');
    expect(defaultPercentPaid('silver', [])).toBeNull();
  });

  it('proposes a line from the live price, the purity and the % paid, with its band', () => {
    const basis = { material: 'gold-14k', weight: '10', weightUnit: 'grams', purityPercent: '58.5', percentPaid: '85' } as const;
    expect(proposeOfferLine(basis, rows, DEFAULT_PAYOUT_RATES)).toEqual({
      referencePrice: '100.0000',
      referenceUnit: 'gram',
      priceSource: 'feed',
      pricedAt: 't1',
      band: { minPercent: '80.00', maxPercent: '92.00' },
      proposedAmount: '497.25',
    });
    // 1 g of ruby is 5 ct at $500, all of it, at 65%.
    expect(
      proposeOfferLine(
        { material: 'ruby', weight: '1', weightUnit: 'grams', purityPercent: '100', percentPaid: '65' },
        rows,
        DEFAULT_PAYOUT_RATES,
      )?.proposedAmount,
    ).toBe('1625.00');
  });

  it('proposes no amount while a figure is unusable, and nothing without a live price', () => {
    const basis = { material: 'gold-14k', weight: '10', weightUnit: 'grams', purityPercent: '58.5', percentPaid: '85' } as const;
    for (const over of [{ weight: '' }, { weight: '0' }, { purityPercent: '101' }, { percentPaid: '85.555' }]) {
      expect(proposeOfferLine({ ...basis, ...over }, rows, DEFAULT_PAYOUT_RATES)).toMatchObject({ proposedAmount: null });
    }
    expect(proposeOfferLine({ ...basis, material: 'silver' }, rows, DEFAULT_PAYOUT_RATES)).toBeNull();
    expect(proposeOfferLine(basis, rows, [])?.band).toBeNull();
  });

  it('proposes at a price already taken, as given', () => {
    const basis = { material: 'gold-14k', weight: '10', weightUnit: 'grams', purityPercent: '58.5', percentPaid: '90' } as const;
    const taken = { referencePrice: '120.0000', referenceUnit: 'gram', priceSource: 'feed', pricedAt: 't0' } as const;
    expect(proposeOfferLineAt(basis, taken, DEFAULT_PAYOUT_RATES)).toMatchObject({ ...taken, proposedAmount: '631.80' });
  });

  it("names the field of a line's problem, in the server's words", () => {
    expect(offerLineProblem(line(), DEFAULT_PAYOUT_RATES)).toBeNull();
    expect(offerLineProblem(line({ weight: '0' }), DEFAULT_PAYOUT_RATES)).toEqual({
      field: 'weight',
      message: 'The weight must be more than zero.',
    });
    expect(offerLineProblem(line({ purityPercent: '0' }), DEFAULT_PAYOUT_RATES)?.field).toBe('purityPercent');
    expect(offerLineProblem(line({ percentPaid: '101' }), DEFAULT_PAYOUT_RATES)?.field).toBe('percentPaid');
    expect(offerLineProblem(line({ amount: '1.001' }), DEFAULT_PAYOUT_RATES)?.field).toBe('amount');
    expect(offerLineProblem(line({ amount: '450.00' }), DEFAULT_PAYOUT_RATES)).toEqual({
      field: 'reason',
      message: 'The amount $450.00 differs from the proposal of $497.25; please give a reason.',
    });
    expect(checkOfferLines([line({ amount: '450.00' })], DEFAULT_PAYOUT_RATES)).toEqual({
      ok: false,
      message: 'Line 1: the amount $450.00 differs from the proposal of $497.25; please give a reason.',
    });
  });

  it('needs a reason off the proposal or outside the band, whether or not one is given', () => {
    expect(offerLineNeedsReason(line(), DEFAULT_PAYOUT_RATES)).toBe(false);
    expect(offerLineNeedsReason(line({ amount: '450.00' }), DEFAULT_PAYOUT_RATES)).toBe(true);
    expect(offerLineNeedsReason(line({ amount: '450.00', reason: 'Stone removed' }), DEFAULT_PAYOUT_RATES)).toBe(true);
    // 95% of 585 = 555.75: the proposal, but above the 80-92% band.
    expect(offerLineNeedsReason(line({ percentPaid: '95', amount: '555.75' }), DEFAULT_PAYOUT_RATES)).toBe(true);
    expect(offerLineNeedsReason(line({ weight: '0' }), DEFAULT_PAYOUT_RATES)).toBe(false);
  });
});

describe('counterAcceptedLines', () => {
  const ring = { description: '14k ring', amount: 30_000, reason: null };
  const chain = { description: '18k chain', amount: 10_001, reason: 'Clasp is plated.' };
  const added = (amount: number) => ({ description: COUNTER_ACCEPTED_LINE, amount, reason: null });
  const sum = (lines: { amount: number }[]) => lines.reduce((total, line) => total + line.amount, 0);

  it('a counter above the offer keeps every line and adds the difference as one line', () => {
    expect(counterAcceptedLines([ring, chain], 45_000, added)).toEqual([
      ring,
      chain,
      { description: 'Counter-offer accepted', amount: 4_999, reason: null },
    ]);
  });

  it('a counter equal to the offer keeps the lines as they are', () => {
    expect(counterAcceptedLines([ring, chain], 40_001, added)).toEqual([ring, chain]);
  });

  it('a counter below the offer lowers each line in proportion, to the cent, and says why', () => {
    const lines = counterAcceptedLines([ring, chain], 20_000, added);
    expect(sum(lines)).toBe(20_000);
    expect(lines.map((line) => line.amount)).toEqual([15_000, 5_000]);
    expect(lines[0]?.reason).toBe('Lowered in proportion to your counter-offer of $200.00.');
    expect(lines[1]?.reason).toBe('Clasp is plated. Lowered in proportion to your counter-offer of $200.00.');
    const odd = counterAcceptedLines(
      [
        { ...ring, amount: 1 },
        { ...ring, amount: 1 },
        { ...ring, amount: 1 },
      ],
      2,
      added,
    );
    expect(odd.map((line) => line.amount)).toEqual([1, 1, 0]);
  });

  it('a counter above an offer of 20 lines raises each line in proportion instead of making a 21st', () => {
    const twenty = Array.from({ length: MAX_OFFER_LINES }, (_, index) => ({
      description: `Coin ${index + 1}`,
      amount: 1_000 + index,
      reason: null,
    }));
    const lines = counterAcceptedLines(twenty, 25_000, added);
    expect(lines).toHaveLength(MAX_OFFER_LINES);
    expect(sum(lines)).toBe(25_000);
    expect(lines.map((line) => line.description)).toEqual(twenty.map((line) => line.description));
    expect(lines.every((line, index) => line.amount > twenty[index]!.amount)).toBe(true);
    expect(lines[0]?.reason).toBe('Raised in proportion to your counter-offer of $250.00.');
    // Nineteen lines still leave room for the difference as its own line.
    expect(counterAcceptedLines(twenty.slice(1), 25_000, added).at(-1)).toEqual(added(25_000 - sum(twenty.slice(1))));
  });

  it('an offer without lines becomes the one counter line; a counter of nothing is refused', () => {
    expect(counterAcceptedLines([], 5_000, added)).toEqual([added(5_000)]);
    expect(() => counterAcceptedLines([ring], 0, added)).toThrow(RangeError);
  });
});
