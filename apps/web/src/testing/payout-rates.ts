import { DEFAULT_PAYOUT_RATES, itemTypeLabels, type PayoutRatesResponse, type PayoutRateView } from '@assay/domain';

/** GET /api/payout-rates as the server answers it: the starting rates, with `changes` applied. */
export function payoutRatesAnswer(
  changes: Partial<Record<PayoutRateView['itemType'], Pick<PayoutRateView, 'minPercent' | 'maxPercent'>>> = {},
  since = '2026-11-20T15:00:00.000Z',
): PayoutRatesResponse {
  const rates = DEFAULT_PAYOUT_RATES.map((rate) => {
    const changed = changes[rate.itemType];
    return {
      itemType: rate.itemType,
      label: itemTypeLabels[rate.itemType],
      minPercent: changed?.minPercent ?? rate.minPercent,
      maxPercent: changed?.maxPercent ?? rate.maxPercent,
      since: changed ? since : null,
    };
  });
  return {
    rates,
    history: rates.filter((r) => r.since).map((r) => ({ ...r, changedAt: r.since! })),
  };
}
