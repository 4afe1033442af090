// What Assay would offer for the calculator's estimate (DECISIONS "The honest offer": the
// calculator shows, beside SPEC's value band, what Assay would offer), and the landing page's
// sentence about the share Assay pays. Both read the published payout rates.
import { goldItemTypes, type ItemType } from './item-type.ts';
import { roundToWholeDollars } from './money.ts';
import { formatPercentRange, payoutBandCents, type PayoutRate } from './payout-rates.ts';

type Rate = Pick<PayoutRate, 'minPercent' | 'maxPercent'>;

/**
 * The payout-rate band applied to the calculator's base value: base x min% to base x max%, each
 * rounded half away from zero to whole dollars, like SPEC's band. Answers cents (whole dollars).
 */
export function calculatorOfferCents(baseCents: bigint, rate: Rate): { minCents: number; maxCents: number } {
  if (baseCents < 0n) throw new RangeError('A base value cannot be negative.');
  const band = payoutBandCents(baseCents, rate);
  return { minCents: roundToWholeDollars(Number(band.minCents)), maxCents: roundToWholeDollars(Number(band.maxCents)) };
}

/** The groups the landing page speaks of, each with the name of the whole group and of each member. */
const groups: readonly { kind: 'metal' | 'gem'; name: string; members: readonly (readonly [ItemType, string])[] }[] = [
  { kind: 'metal', name: 'gold', members: goldItemTypes.map((t) => [t, `${t.slice(5).toUpperCase()} gold`] as const) },
  { kind: 'metal', name: 'silver', members: [['silver', 'silver']] },
  {
    kind: 'metal',
    name: 'platinum and palladium',
    members: [
      ['platinum', 'platinum'],
      ['palladium', 'palladium'],
    ],
  },
  {
    kind: 'gem',
    name: 'gems',
    members: [
      ['diamond', 'diamonds'],
      ['ruby', 'rubies'],
      ['sapphire', 'sapphires'],
      ['emerald', 'emeralds'],
    ],
  },
];

const sameRate = (a: Rate, b: Rate) => formatPercentRange(a) === formatPercentRange(b);

/**
 * "We pay 80-92% of metal value for gold, 70-80% for silver, 75-88% for platinum and palladium,
 * and 50-65% of the per-carat reference for gems." A group whose members differ is named member
 * by member ("80-92% of metal value for 24K gold, 78-90% for 18K gold, ..."). Null when a rate is
 * missing, so a page never states a share it does not have.
 */
export function payoutRatesSentence(rates: readonly PayoutRate[]): string | null {
  const byType = new Map(rates.map((rate) => [rate.itemType, rate]));
  const phrases: string[] = [];
  let metalSaid = false;
  let gemSaid = false;
  for (const group of groups) {
    const members = group.members.map(([type, name]) => ({ rate: byType.get(type), name }));
    if (members.some((m) => !m.rate)) return null;
    const first = members[0]!.rate!;
    const parts = members.every((m) => sameRate(m.rate!, first))
      ? [{ rate: first, name: group.name }]
      : members.map((m) => ({ rate: m.rate!, name: m.name }));
    for (const part of parts) {
      let basis = '';
      if (group.kind === 'metal' && !metalSaid) [basis, metalSaid] = [' of metal value', true];
      if (group.kind === 'gem' && !gemSaid) [basis, gemSaid] = [' of the per-carat reference', true];
      phrases.push(`${formatPercentRange(part.rate)}${basis} for ${part.name}`);
    }
  }
  const last = phrases.pop()!;
  return `We pay ${phrases.join(', ')}, and ${last}.`;
}
