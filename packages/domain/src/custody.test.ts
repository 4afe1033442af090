import { describe, expect, it } from 'vitest';
import {
  custodyMessages,
  formatItemTag,
  isCustodyHoldOver,
  isCustodyReady,
  ITEM_TAG_PATTERN,
  moveRefusal,
  normalizeItemTag,
} from './custody.ts';

const now = new Date('2026-11-29T12:00:00Z');
const bought = { submissionStatus: 'completed', itemOutcome: 'sold' };

describe('item tags', () => {
  it('prints six digits at least and reads what an appraiser types', () => {
    expect(formatItemTag(123)).toBe('AS-000123');
    expect(formatItemTag(1234567)).toBe('AS-1234567');
    expect(ITEM_TAG_PATTERN.test(formatItemTag(5))).toBe(true);
    expect(normalizeItemTag(' as-123 ')).toBe('AS-000123');
    expect(normalizeItemTag('AS000123')).toBe('AS-000123');
    expect(normalizeItemTag('77')).toBe('AS-000077');
    expect(normalizeItemTag('B-01')).toBeNull();
    expect(normalizeItemTag('')).toBeNull();
  });
});

describe('ready', () => {
  it('is a bought item whose hold has passed', () => {
    expect(isCustodyReady({ ...bought, holdUntil: new Date('2026-11-28T00:00:00Z') }, now)).toBe(true);
    expect(isCustodyReady({ ...bought, holdUntil: now }, now)).toBe(true);
    expect(isCustodyReady({ ...bought, holdUntil: null }, now)).toBe(true);
  });
  it('is not while the hold runs, before payment, or for an item going back', () => {
    expect(isCustodyReady({ ...bought, holdUntil: new Date('2026-12-01T00:00:00Z') }, now)).toBe(false);
    expect(isCustodyReady({ submissionStatus: 'offered', itemOutcome: null, holdUntil: null }, now)).toBe(false);
    expect(isCustodyReady({ submissionStatus: 'completed', itemOutcome: 'returned', holdUntil: null }, now)).toBe(false);
  });
});

describe('isCustodyHoldOver', () => {
  it("passes at the hold's last instant, as the trigger lets the move through once hold_until is not after now()", () => {
    expect(isCustodyHoldOver(now, now)).toBe(true);
    expect(isCustodyHoldOver(new Date(now.getTime() + 1), now)).toBe(false);
    expect(isCustodyHoldOver(null, now)).toBe(true);
  });
});

describe('moveRefusal', () => {
  const vault = { place: 'vault' as const, binId: null };
  it('allows vault and bin moves, and sold for a bought item', () => {
    expect(moveRefusal(vault, { place: 'bin', binId: 'b1' }, bought)).toBeNull();
    expect(moveRefusal({ place: 'bin', binId: 'b1' }, { place: 'bin', binId: 'b2' }, bought)).toBeNull();
    expect(moveRefusal({ place: 'bin', binId: 'b1' }, vault, bought)).toBeNull();
    expect(moveRefusal(vault, { place: 'sold', binId: null }, bought)).toBeNull();
  });
  it('refuses a move to where it is, out of a lot or out of the business, and sold before payment', () => {
    expect(moveRefusal(vault, vault, bought)).toBe(custodyMessages.alreadyThere);
    expect(moveRefusal({ place: 'melt-lot', binId: null }, vault, bought)).toBe(custodyMessages.inMeltLot);
    expect(moveRefusal({ place: 'sold', binId: null }, vault, bought)).toMatch(/left our custody \(sold\)/);
    expect(moveRefusal(vault, { place: 'sold', binId: null }, { submissionStatus: 'offered', itemOutcome: null })).toBe(
      custodyMessages.notBought,
    );
    expect(moveRefusal(vault, { place: 'returned', binId: null }, bought)).toBe(custodyMessages.notReturning);
    expect(
      moveRefusal(vault, { place: 'returned', binId: null }, { submissionStatus: 'returning', itemOutcome: null }),
    ).toBeNull();
  });
  it('words the hold with its day', () => {
    expect(custodyMessages.onHold(new Date('2026-12-09T15:00:00Z'))).toBe(
      'This item is on hold until Dec 9, 2026; it cannot go into a melt lot or be sold before then.',
    );
  });
});
