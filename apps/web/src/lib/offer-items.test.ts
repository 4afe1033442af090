import { describe, expect, test } from 'vitest';
import type { OfferLine, SubmissionItem } from '@assay/domain';
import { counterItemRows, itemHeading, itemsLeftOut, offerItemGroups, offerSpansItems } from './offer-items';

const line = (position: number, item: number | null, amount: string) =>
  ({ position, item, description: `Line ${position}`, amount }) as OfferLine;
const item = (position: number, description: string, extra: Partial<SubmissionItem> = {}) =>
  ({ position, description, stoneChoice: null, outcome: null, ...extra }) as SubmissionItem;

describe('an offer read item by item', () => {
  test('a line without an item prices item 1, so old offers are one item', () => {
    expect(offerSpansItems({ lines: [line(1, null, '10.00'), line(2, 1, '5.00')] })).toBe(false);
    expect(offerSpansItems({ lines: [line(1, null, '10.00'), line(2, 2, '5.00')] })).toBe(true);
  });

  test('groups lines under their items in item order, with subtotals, descriptions and stones', () => {
    const groups = offerItemGroups({ lines: [line(1, 2, '5.10'), line(2, null, '10.00'), line(3, 2, '0.90')] }, [
      item(1, 'Ring', { stoneChoice: 'pay-for-stones' }),
      item(2, 'Chain'),
    ]);
    expect(
      groups.map(({ position, description, stones, subtotalCents, lines }) => [
        position,
        description,
        stones,
        subtotalCents,
        lines.length,
      ]),
    ).toEqual([
      [1, 'Ring', 'Pay for my stones', 1000, 1],
      [2, 'Chain', null, 600, 2],
    ]);
  });

  test("without the parcel's items, an item is named by its first line", () => {
    expect(offerItemGroups({ lines: [line(1, 3, '1.00')] })[0]?.description).toBe('Line 1');
    expect(itemHeading(3, '')).toBe('Item 3');
  });

  test('the items a partial version leaves out are the ones coming back', () => {
    const items = [item(1, 'Ring'), item(2, 'Chain'), item(3, 'Coins', { outcome: 'sold' })];
    expect(itemsLeftOut({ lines: [line(1, 1, '1.00')] }, items).map((i) => i.position)).toEqual([2]);
  });

  test("a counter made item by item says each item's choice, in item order", () => {
    const counter = {
      items: [
        { item: 2, decision: 'decline' as const, amount: null },
        { item: 1, decision: 'counter' as const, amount: '12.5' },
        { item: 3, decision: 'accept' as const, amount: null },
      ],
    };
    const offer = { lines: [line(1, 1, '10.00'), line(2, 2, '5.00'), line(3, 3, '7.25')] };
    expect(counterItemRows(counter, offer, [item(1, 'Ring'), item(2, 'Chain')])).toEqual([
      { position: 1, heading: 'Item 1: Ring', text: 'countered at $12.50' },
      { position: 2, heading: 'Item 2: Chain', text: 'declined (coming back)' },
      { position: 3, heading: 'Item 3: Line 3', text: 'accepted at $7.25' },
    ]);
  });
});
