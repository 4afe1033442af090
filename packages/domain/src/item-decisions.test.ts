import { describe, expect, test } from 'vitest';
import { itemDecisionsSentence, settleItemDecisions, stoneChoiceInfo, stoneChoices, type OfferedItem } from './item-decisions.ts';

const ring: OfferedItem = { itemId: 'i1', description: 'Ring, 14k', amountCents: 41_250 };
const chain: OfferedItem = { itemId: 'i2', description: 'Rope chain', amountCents: 80_000 };
const coins: OfferedItem = { itemId: 'i3', description: 'Three Eagles', amountCents: 795_000 };
const parcel = [ring, chain, coins];

describe('one round of per-item choices', () => {
  test('all accepted is a sale of the whole parcel, paid together', () => {
    const settled = settleItemDecisions(
      parcel,
      parcel.map((item) => ({ itemId: item.itemId, decision: 'accept' as const })),
    );
    expect(settled).toMatchObject({ ok: true, outcome: 'sale', acceptedCents: 916_250, declined: [], countered: [] });
    if (settled.ok) expect(itemDecisionsSentence(settled)).toBe('You accept all 3 items for $9,162.50, paid together.');
  });

  test('one declined: the others are paid together, the declined one comes back', () => {
    const settled = settleItemDecisions(parcel, [
      { itemId: 'i3', decision: 'accept' },
      { itemId: 'i1', decision: 'decline' },
      { itemId: 'i2', decision: 'accept' },
    ]);
    expect(settled).toMatchObject({ ok: true, outcome: 'partial', acceptedCents: 875_000 });
    if (!settled.ok) return;
    // In the offer's order, whatever order the choices came in.
    expect(settled.accepted.map((item) => item.itemId)).toEqual(['i2', 'i3']);
    expect(settled.declined).toEqual([ring]);
    expect(itemDecisionsSentence(settled)).toBe(
      'You accept 2 items for $8,750.00, paid together, and decline 1 item, which we send back to you in one insured parcel.',
    );
  });

  test('all declined is a return of the parcel', () => {
    const settled = settleItemDecisions([ring], [{ itemId: 'i1', decision: 'decline' }]);
    expect(settled).toMatchObject({ ok: true, outcome: 'return', acceptedCents: 0 });
    if (settled.ok) expect(itemDecisionsSentence(settled)).toBe('You decline the item; we send it back to you, insured.');
    const both = settleItemDecisions(
      [ring, chain],
      [
        { itemId: 'i1', decision: 'decline' },
        { itemId: 'i2', decision: 'decline' },
      ],
    );
    if (both.ok)
      expect(itemDecisionsSentence(both)).toBe('You decline all 2 items; we send them back to you in one insured parcel.');
  });

  test('a counter on one item holds the round until we answer; the other choices stand', () => {
    const settled = settleItemDecisions(parcel, [
      { itemId: 'i1', decision: 'accept' },
      { itemId: 'i2', decision: 'counter', counterCents: 95_000 },
      { itemId: 'i3', decision: 'decline' },
    ]);
    expect(settled).toMatchObject({ ok: true, outcome: 'counter', acceptedCents: 41_250 });
    if (!settled.ok) return;
    expect(settled.countered).toEqual([{ item: chain, counterCents: 95_000 }]);
    expect(itemDecisionsSentence(settled)).toMatch(/^You counter on 1 item; we answer within 1 business day/);
  });

  test('every item is chosen exactly once, and only items of this offer', () => {
    expect(settleItemDecisions(parcel, [{ itemId: 'i1', decision: 'accept' }])).toEqual({
      ok: false,
      message: 'Please choose accept, decline or counter for “Rope chain”.',
    });
    expect(
      settleItemDecisions(
        [ring],
        [
          { itemId: 'i1', decision: 'accept' },
          { itemId: 'i1', decision: 'decline' },
        ],
      ),
    ).toEqual({ ok: false, message: 'You chose more than once for “Ring, 14k”; choose once per item.' });
    expect(settleItemDecisions([ring], [{ itemId: 'other', decision: 'accept' }])).toMatchObject({ ok: false });
    expect(settleItemDecisions([], [])).toEqual({ ok: false, message: 'This offer has no items to choose for.' });
  });

  test('a counter is above $0 and at most three times that item’s offer', () => {
    const counter = (counterCents: number) => settleItemDecisions([ring], [{ itemId: 'i1', decision: 'counter', counterCents }]);
    expect(counter(0)).toEqual({ ok: false, message: 'A counter-offer for “Ring, 14k” must be more than $0.00.' });
    expect(counter(12.5)).toMatchObject({ ok: false });
    expect(counter(123_750)).toMatchObject({ ok: true, outcome: 'counter' });
    expect(counter(123_751)).toEqual({
      ok: false,
      message: 'A counter-offer for “Ring, 14k” can be at most 3 times our offer of $412.50, that is $1,237.50.',
    });
  });
});

test('every stone choice has a label and states its risk', () => {
  for (const choice of stoneChoices) {
    expect(stoneChoiceInfo[choice].label.length).toBeGreaterThan(0);
    expect(stoneChoiceInfo[choice].risk.length).toBeGreaterThan(40);
  }
  expect(stoneChoiceInfo['melt-with-stones'].risk).toMatch(/destroyed/);
});
