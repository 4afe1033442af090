// The payout rates in force: what an admin last set per item type, else the starting figures of
// packages/domain. Every quote, offer proposal and public page reads them through here, and the
// appraisers' edit (a new row and its audit entry, in one transaction) goes through here too.
import {
  DEFAULT_PAYOUT_RATES,
  itemTypeLabels,
  PAYOUT_RATE_HISTORY_LIMIT,
  payoutRateInputSchema,
  type ItemType,
  type PayoutRate,
  type PayoutRatesResponse,
  type PayoutRateView,
} from '@assay/domain';
import { accessMessages, assertAppraiser, type Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import {
  insertPayoutRate,
  latestPayoutRateRows,
  listPayoutRateChanges,
  lockPayoutRateEdits,
  type PayoutRateRecord,
} from './payout-rates.repository.ts';

export async function currentPayoutRates(db: DbOrTx): Promise<Record<ItemType, PayoutRate>> {
  const set = new Map((await latestPayoutRateRows(db)).map((row) => [row.itemType, row]));
  return Object.fromEntries(
    DEFAULT_PAYOUT_RATES.map((rate) => {
      const row = set.get(rate.itemType);
      return [rate.itemType, row ? { itemType: rate.itemType, minPercent: row.minPercent, maxPercent: row.maxPercent } : rate];
    }),
  ) as Record<ItemType, PayoutRate>;
}

/** The 11 rates in force, in the price table's order, each with when it was set (null: the starting rate). */
async function ratesInForce(db: DbOrTx): Promise<PayoutRateView[]> {
  const set = new Map((await latestPayoutRateRows(db)).map((row) => [row.itemType, row]));
  return DEFAULT_PAYOUT_RATES.map((rate) => {
    const row = set.get(rate.itemType);
    return {
      itemType: rate.itemType,
      label: itemTypeLabels[rate.itemType],
      minPercent: row?.minPercent ?? rate.minPercent,
      maxPercent: row?.maxPercent ?? rate.maxPercent,
      since: row ? row.createdAt.toISOString() : null,
    };
  });
}

const asItemType = (row: PayoutRateRecord) => row.itemType;

/** GET /api/payout-rates: public, no sign-in. */
export async function publishedPayoutRates(ctx: Pick<AppContext, 'db'>): Promise<PayoutRatesResponse> {
  const [rates, changes] = await Promise.all([ratesInForce(ctx.db), listPayoutRateChanges(ctx.db, PAYOUT_RATE_HISTORY_LIMIT)]);
  return {
    rates,
    history: changes.map((row) => ({
      itemType: asItemType(row),
      label: itemTypeLabels[asItemType(row)],
      minPercent: row.minPercent,
      maxPercent: row.maxPercent,
      changedAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * PUT /api/admin/payout-rates/{itemType}: appends the new rate (set by the actor) and its audit
 * entry in one transaction, and answers the rate in force. The same figures as the rate in force
 * change nothing: no row, no audit entry, and the rate is answered as it stands.
 */
export async function setPayoutRate(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  itemType: ItemType,
  input: unknown,
): Promise<PayoutRateView> {
  assertAppraiser(actor, accessMessages.appraisersOnly);
  const parsed = payoutRateInputSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Please give a minimum and a maximum percent.');
  const { minPercent, maxPercent } = parsed.data;

  await ctx.db.transaction(async (tx) => {
    await lockPayoutRateEdits(tx);
    const previous = (await currentPayoutRates(tx))[itemType];
    if (previous.minPercent === minPercent && previous.maxPercent === maxPercent) return;
    await insertPayoutRate(tx, { itemType, minPercent, maxPercent, setBy: actor.id });
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'payout_rate',
      entityId: itemType,
      action: 'payout_rate_changed',
      changes: {
        itemType,
        minPercent,
        maxPercent,
        previousMinPercent: previous.minPercent,
        previousMaxPercent: previous.maxPercent,
      },
    });
  });
  const rate = (await ratesInForce(ctx.db)).find((r) => r.itemType === itemType);
  if (!rate) throw new Error(`The ${itemType} payout rate was saved but cannot be read.`);
  return rate;
}
