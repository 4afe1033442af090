import { describe, expect, it } from 'vitest';
import { settlementLotMessages, settlementLotProblem } from './settlement-lots.ts';

describe('settlementLotProblem', () => {
  it('lets a shipped or assayed lot be settled', () => {
    expect(settlementLotProblem('LOT-0001', 'shipped')).toBeNull();
    expect(settlementLotProblem('LOT-0001', 'assayed')).toBeNull();
  });

  it('refuses an open, settled or closed lot with a sentence naming it', () => {
    expect(settlementLotProblem('LOT-0002', 'open')).toBe(settlementLotMessages.open('LOT-0002'));
    expect(settlementLotProblem('LOT-0002', 'settled')).toContain('already settled');
    expect(settlementLotProblem('LOT-0002', 'closed')).toBe('Lot LOT-0002 is closed; a closed lot cannot be changed.');
  });
});
