// Issue 27 item 1: contents worth more than one parcel may be insured for ship as several parcels,
// each with its own label (insured up to the limit, the last for the rest) and its own packing
// slip, so the seller prints one label per parcel and splits the items across them.
import { Printer } from 'lucide-react';
import type { ParcelLabel } from '@assay/domain';
import { Button } from '@/components/ui/button';
import { formatDollars } from '@/lib/format';
import { serverPaths } from '@/lib/paths';

/** "Parcel 2 of 3, insured for $25,000.00". */
export function parcelCaption(parcel: ParcelLabel, count: number): string {
  const insured = formatDollars(parcel.insuredValue) ?? `$${parcel.insuredValue}`;
  return `Parcel ${parcel.parcelNumber} of ${count}, insured for ${insured}`;
}

/** How to split the items, said once above the labels. */
export function splitAcrossParcelsText(count: number): string {
  return `Your items are worth more than one parcel can be insured for, so they go in ${count} parcels. Split the items so that each parcel holds no more than the value it is insured for, and put each parcel's packing slip (page 2 of its label) inside it.`;
}

/**
 * Every parcel's label when there are several: while the items are still with the seller
 * (`printable`), a "Print label" for each; afterwards, the tracking numbers. Nothing for one parcel.
 */
export function ParcelLabels({ parcels, printable }: { parcels: readonly ParcelLabel[]; printable: boolean }) {
  if (parcels.length <= 1) return null;
  const count = parcels.length;
  return (
    <section aria-labelledby="parcel-labels-heading" className="flex flex-col gap-2">
      <h3 id="parcel-labels-heading" className="font-semibold text-navy-900">
        {count} parcels, one label each
      </h3>
      {printable && (
        <p role="note" className="rounded-md border border-gold-300 bg-gold-50 px-2 py-1.5 text-navy-900">
          {splitAcrossParcelsText(count)}
        </p>
      )}
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {parcels.map((parcel) => (
          <li
            key={parcel.id}
            className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
            data-testid="parcel-label"
          >
            <div className="min-w-0">
              <p className="font-medium text-foreground">{parcelCaption(parcel, count)}</p>
              <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                Tracking number <span className="font-mono">{parcel.trackingNumber}</span>
              </p>
            </div>
            {printable && (
              <Button asChild variant="outline" size="sm" className="self-start sm:shrink-0 sm:self-auto">
                <a
                  href={serverPaths.labelPdf(parcel.id)}
                  download={`shipping-label-${parcel.trackingNumber}.pdf`}
                  aria-label={`Print label for parcel ${parcel.parcelNumber} of ${count}`}
                >
                  <Printer aria-hidden="true" />
                  Print label
                </a>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
