import { describe, expect, test } from 'vitest';
import {
  balancesOf,
  chartOfAccounts,
  isLedgerAccount,
  LedgerError,
  settlementLedgerAccounts,
  type LedgerLine,
} from './ledger.ts';
import { checkSettlement, type RefinerSettlement, type SettlementDraft } from './refiner-settlement.ts';
import { settlementPostings } from './settlement-postings.ts';

function settlementOf(draft: SettlementDraft): RefinerSettlement {
  const result = checkSettlement(draft);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.settlement;
}

const pooled = settlementOf({
  refiner: 'Midwest Refining',
  reference: 'MRC-1',
  date: '2026-11-27',
  wire: '81207.57',
  lots: [
    { lotId: 'L-14K-0031', preMeltGrams: '1250.40', postMeltGrams: '1221.85' },
    { lotId: 'L-10K-0012', preMeltGrams: '612.20', postMeltGrams: '598.35' },
  ],
  metals: [
    { lotId: null, metal: 'gold', assayPercent: '52.95', fineOz: '30.8321', pricePerOz: '2650.00', amount: '81705.07' },
    { lotId: null, metal: 'silver', assayPercent: '6.10', fineOz: '3.2128', pricePerOz: '31.25', amount: '100.40' },
  ],
  charges: [
    { kind: 'refining', lotId: null, amount: '292.90' },
    { kind: 'assay', lotId: 'L-14K-0031', amount: '47.50' },
    { kind: 'assay', lotId: 'L-10K-0012', amount: '47.50' },
    { kind: 'shipping', lotId: null, amount: '185.00' },
    { kind: 'wire-fee', lotId: null, amount: '25.00' },
  ],
});

function sums(lines: readonly LedgerLine[]) {
  return {
    debits: lines.reduce((total, line) => total + line.debitCents, 0),
    credits: lines.reduce((total, line) => total + line.creditCents, 0),
  };
}

describe('the settlement accounts', () => {
  test('are in the chart, with their kinds and sides', () => {
    for (const account of settlementLedgerAccounts) expect(isLedgerAccount(account)).toBe(true);
    const info = (account: string) => chartOfAccounts.find((a) => a.account === account);
    expect(info('asset:cash:refiner-wires')).toMatchObject({ kind: 'asset', normalSide: 'debit' });
    expect(info('revenue:metal-sales')).toMatchObject({ kind: 'revenue', normalSide: 'credit' });
    expect(info('expense:refining-charges')).toMatchObject({ kind: 'expense', normalSide: 'debit' });
    expect(info('expense:cost-of-goods-sold')).toMatchObject({ kind: 'expense', normalSide: 'debit' });
  });
});

describe('settlementPostings', () => {
  test('the documented pooled settlement: wire in, metal sold per lot, charges per lot and kind, cost out of inventory', () => {
    const lines = settlementPostings({ settlement: pooled, lotCostsCents: { 'L-14K-0031': 4_700_000, 'L-10K-0012': 2_100_000 } });
    expect(lines.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ['asset:cash:refiner-wires', 8_120_757, 0],
      ['revenue:metal-sales', 0, 5_491_376],
      ['expense:refining-charges', 19_662, 0],
      ['expense:refining-charges', 4_750, 0],
      ['expense:refining-charges', 12_419, 0],
      ['expense:refining-charges', 1_678, 0],
      ['expense:cost-of-goods-sold', 4_700_000, 0],
      ['inventory:purchases', 0, 4_700_000],
      ['revenue:metal-sales', 0, 2_689_171],
      ['expense:refining-charges', 9_628, 0],
      ['expense:refining-charges', 4_750, 0],
      ['expense:refining-charges', 6_081, 0],
      ['expense:refining-charges', 822, 0],
      ['expense:cost-of-goods-sold', 2_100_000, 0],
      ['inventory:purchases', 0, 2_100_000],
    ]);
    expect(lines[0]!.memo).toBe('Refiner wire received (Midwest Refining, MRC-1)');
    expect(lines[3]!.memo).toBe('Lot L-14K-0031: assay charged (Midwest Refining, MRC-1)');
    const { debits, credits } = sums(lines);
    expect(debits).toBe(credits);
    const balances = balancesOf(lines);
    expect(balances.get('revenue:metal-sales')?.balanceCents).toBe(pooled.grossCents);
    expect(balances.get('expense:refining-charges')?.balanceCents).toBe(pooled.chargesCents);
    expect(balances.get('inventory:purchases')?.balanceCents).toBe(-6_800_000);
  });

  test('a lot whose items cost nothing posts no cost lines', () => {
    const lines = settlementPostings({ settlement: pooled, lotCostsCents: { 'L-14K-0031': 0, 'L-10K-0012': 1 } });
    expect(lines.filter((l) => l.account === 'expense:cost-of-goods-sold').map((l) => l.debitCents)).toEqual([1]);
  });

  test('refused: a lot without a cost, a cost for another lot, a cost that is not whole cents', () => {
    const attempt = (lotCostsCents: Record<string, number>) => () => settlementPostings({ settlement: pooled, lotCostsCents });
    expect(attempt({ 'L-14K-0031': 1 })).toThrow(
      new LedgerError('Lot L-10K-0012 has no cost; every lot of a settlement leaves inventory with it.'),
    );
    expect(attempt({ 'L-14K-0031': 1, 'L-10K-0012': 1, 'L-9': 1 })).toThrow(
      new LedgerError('Lot L-9 is not in settlement MRC-1, so it has no cost to post here.'),
    );
    expect(attempt({ 'L-14K-0031': 1.5, 'L-10K-0012': 1 })).toThrow(
      new LedgerError("Lot L-14K-0031's cost must be a whole, non-negative number of cents, got 1.5."),
    );
    expect(attempt({ 'L-14K-0031': -1, 'L-10K-0012': 1 })).toThrow(LedgerError);
  });

  test('a settlement whose wire was tampered with after the check is refused', () => {
    const tampered = { ...pooled, wireCents: pooled.wireCents + 1 };
    expect(() => settlementPostings({ settlement: tampered, lotCostsCents: { 'L-14K-0031': 1, 'L-10K-0012': 1 } })).toThrow(
      new LedgerError('The lots net $81,207.57 but the wire is $81,207.58; a settlement posts only when they agree.'),
    );
  });

  test('a property: 300 random settlements, pooled or per lot, each post balanced lines matching wire, gross, charges and cost', () => {
    let seed = 2026;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const int = (max: number) => Math.floor(random() * max);
    for (let run = 0; run < 300; run += 1) {
      const lotIds = Array.from({ length: 1 + int(6) }, (_, i) => `L-${run}-${i}`);
      const isPooled = random() < 0.5;
      const metals: SettlementDraft['metals'][number][] = [];
      let gross = 0;
      for (const metal of ['gold', 'silver', 'platinum', 'palladium'].slice(0, 1 + int(4))) {
        for (const lotId of isPooled ? [null] : lotIds) {
          const fineOz = 0.0001 + int(50_000) / 10_000;
          const price = 1 + int(400_000) / 100;
          const cents = Math.round(fineOz * price * 100);
          gross += cents;
          metals.push({
            lotId,
            metal,
            assayPercent: '99.99',
            fineOz: fineOz.toFixed(4),
            pricePerOz: price.toFixed(2),
            amount: (cents / 100).toFixed(2),
          });
        }
      }
      const charges: SettlementDraft['charges'][number][] = [];
      let chargeTotal = 0;
      for (let i = int(6); i > 0; i -= 1) {
        const cents = 1 + int(Math.max(1, Math.floor(gross / 20)));
        if (chargeTotal + cents >= gross) break;
        chargeTotal += cents;
        charges.push({
          kind: ['refining', 'assay', 'shipping', 'wire-fee', 'other'][int(5)]!,
          lotId: random() < 0.4 ? lotIds[int(lotIds.length)]! : null,
          amount: (cents / 100).toFixed(2),
        });
      }
      const settlement = settlementOf({
        refiner: 'R',
        reference: `S-${run}`,
        date: '2026-06-30',
        wire: ((gross - chargeTotal) / 100).toFixed(2),
        // 2 kg a lot holds the few ounces paid at 99.99%.
        lots: lotIds.map((lotId) => ({ lotId, preMeltGrams: '2100', postMeltGrams: '2000' })),
        metals,
        charges,
      });
      const costs = Object.fromEntries(lotIds.map((id) => [id, int(3) === 0 ? 0 : int(10_000_000)]));
      const lines = settlementPostings({ settlement, lotCostsCents: costs });
      const { debits, credits } = sums(lines);
      expect(debits).toBe(credits);
      const balances = balancesOf(lines);
      const costTotal = Object.values(costs).reduce((a, b) => a + b, 0);
      expect(balances.get('asset:cash:refiner-wires')?.balanceCents).toBe(settlement.wireCents);
      expect(balances.get('revenue:metal-sales')?.balanceCents).toBe(gross);
      expect(balances.get('expense:refining-charges')?.balanceCents ?? 0).toBe(chargeTotal);
      expect(balances.get('expense:cost-of-goods-sold')?.balanceCents ?? 0).toBe(costTotal);
      expect(-(balances.get('inventory:purchases')?.balanceCents ?? 0) || 0).toBe(costTotal);
    }
  });
});
