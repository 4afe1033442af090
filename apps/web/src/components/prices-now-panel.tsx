import { TrendingUp } from 'lucide-react';
import { formatPrice, formatUpdatedAt } from '@/lib/format';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

/** The fields of a GET /api/pricing row this panel reads. */
export interface PriceSnapshotRow {
  itemType: string;
  pricePerOz: string | null;
  pricePerGram: string | null;
  updatedAt?: string | null;
  source?: string | null;
  stale?: boolean | null;
}

const metals = [
  { itemType: 'gold-24k', name: 'Gold (24K)' },
  { itemType: 'silver', name: 'Silver' },
  { itemType: 'platinum', name: 'Platinum' },
] as const;

/**
 * The dashboard's "your prices right now": gold, silver and platinum per gram and per ounce.
 * A missing or zero price shows as '—' and an empty or failed answer says so: never a number we
 * do not have.
 */
export function PricesNowPanel({
  rows,
  loading,
  failed,
}: {
  rows: readonly PriceSnapshotRow[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const shown = metals.map((metal) => {
    const row = rows?.find((r) => r.itemType === metal.itemType);
    return { ...metal, row, perGram: formatPrice(row?.pricePerGram), perOz: formatPrice(row?.pricePerOz) };
  });
  const anyPrice = shown.some((m) => m.perGram || m.perOz);
  const present = shown.flatMap((m) => (m.row ? [m.row] : []));
  const stale = present.some((row) => row.stale === true);
  const demo = present.some((row) => row.source === 'simulated');
  const times = present.map((row) => (row.updatedAt ? new Date(row.updatedAt).getTime() : NaN)).filter((t) => !Number.isNaN(t));
  const updatedAt = times.length ? new Date(Math.max(...times)) : null;

  let body;
  if (loading) {
    body = <p className="text-sm text-muted-foreground">Loading prices...</p>;
  } else if (failed || !anyPrice) {
    body = (
      <p className="text-sm text-muted-foreground">
        Prices are not available right now. Your appraisal always uses the market price on the day we value your item.
      </p>
    );
  } else {
    body = (
      <>
        <table className="w-full text-sm">
          <caption className="sr-only">Spot prices per gram and per troy ounce</caption>
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-muted-foreground">
              <th scope="col" className="pb-2 font-medium">
                Metal
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Per gram
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Per oz
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {shown.map((metal) => (
              <tr key={metal.itemType}>
                <th scope="row" className="py-2 text-left font-semibold text-foreground">
                  {metal.name}
                </th>
                <td className="py-2 text-right tabular-nums">{metal.perGram ?? '—'}</td>
                <td className="py-2 text-right tabular-nums">{metal.perOz ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-muted-foreground">
          {demo ? 'Demo prices (simulated feed). ' : ''}
          {updatedAt &&
            (stale
              ? `Prices may be out of date: last updated ${formatUpdatedAt(updatedAt)}.`
              : `Updated ${formatUpdatedAt(updatedAt)}.`)}
        </p>
      </>
    );
  }

  return (
    <Card role="region" aria-labelledby="prices-now-heading">
      <CardHeader className="pb-3">
        <h2 id="prices-now-heading" className="flex items-center gap-2 text-lg font-semibold">
          <TrendingUp aria-hidden="true" className="size-5 text-gold-700" />
          Your prices right now
        </h2>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
