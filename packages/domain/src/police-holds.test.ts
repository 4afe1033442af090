import { describe, expect, it } from 'vitest';
import { isLedgerAccount, post } from './ledger.ts';
import { policeHoldMessages, policeHoldPlaceRefusal, policeSurrenderWriteOff } from './police-holds.ts';

describe('police holds', () => {
  it('is placed only on an item we hold', () => {
    expect(policeHoldPlaceRefusal(null)).toBe(policeHoldMessages.notReceived);
    expect(policeHoldPlaceRefusal('sold')).toBe(policeHoldMessages.hasLeft);
    expect(policeHoldPlaceRefusal('surrendered')).toBe(policeHoldMessages.hasLeft);
    expect(policeHoldPlaceRefusal('vault')).toBeNull();
    expect(policeHoldPlaceRefusal('melt-lot')).toBeNull();
  });

  it('writes a surrendered item off inventory into its own expense, balanced', () => {
    const lines = policeSurrenderWriteOff(12_345, 'C-42');
    expect(post(lines)).toHaveLength(2);
    expect(lines.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ['expense:police-surrender', 12_345, 0],
      ['inventory:purchases', 0, 12_345],
    ]);
    expect(lines[0]!.memo).toContain('case C-42');
    expect(isLedgerAccount('expense:police-surrender')).toBe(true);
    expect(policeSurrenderWriteOff(0, 'C-42')).toEqual([]);
    expect(() => policeSurrenderWriteOff(1.5, 'C-42')).toThrow();
  });

  it('names the case when the database refuses a melt lot or a sale', () => {
    expect(policeHoldMessages.refused('2026-0042')).toMatch(/^This item is on police hold \(case 2026-0042\); it cannot/);
  });
});
