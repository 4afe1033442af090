// The payout rates in force: what an admin last set per item type, else the starting figures of
// packages/domain. Every quote, offer proposal and public page reads them through here.
import { DEFAULT_PAYOUT_RATES, type ItemType, type PayoutRate } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { latestPayoutRateRows } from './payout-rates.repository.ts';

export async function currentPayoutRates(db: DbOrTx): Promise<Record<ItemType, PayoutRate>> {
  const set = new Map((await latestPayoutRateRows(db)).map((row) => [row.itemType, row]));
  return Object.fromEntries(
    DEFAULT_PAYOUT_RATES.map((rate) => {
      const row = set.get(rate.itemType);
      return [rate.itemType, row ? { itemType: rate.itemType, minPercent: row.minPercent, maxPercent: row.maxPercent } : rate];
    }),
  ) as Record<ItemType, PayoutRate>;
}
