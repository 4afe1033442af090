import { History } from 'lucide-react';
import {
  formatBasisPoints,
  submissionCategoryLabel,
  type SubmissionCategory,
  type TrackRecordFigureView,
  type TrackRecordResponse,
} from '@assay/domain';
import { useTrackRecord } from '../api/get-track-record';

const offers = (count: number) => `${count} ${count === 1 ? 'offer' : 'offers'}`;

function FigureText({ figure, minCount, what }: { figure: TrackRecordFigureView; minCount: number; what: string }) {
  if (figure.kind === 'not-enough-data') {
    return (
      <>
        <span className="block font-semibold text-navy-900">Not enough data yet</span>
        <span className="block text-xs text-muted-foreground">
          {figure.count === 0 ? `No ${what}` : offers(figure.count)}; we publish a figure from {minCount}.
        </span>
      </>
    );
  }
  return (
    <>
      <span className="block text-2xl font-bold tabular-nums text-navy-900">{formatBasisPoints(figure.basisPoints)}</span>
      <span className="block text-xs text-muted-foreground">of {offers(figure.count)}</span>
    </>
  );
}

/** "Sample figures from the demo's data": demo figures are never passed off as a record. */
export function SampleLabel({ record, tone = 'light' }: { record: TrackRecordResponse; tone?: 'light' | 'dark' }) {
  if (!record.sample) return null;
  return (
    <span
      data-testid="track-record-sample"
      className={
        tone === 'light'
          ? 'inline-flex rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900'
          : 'inline-flex rounded-full bg-white/15 px-2 py-0.5 text-xs font-semibold text-gold-100'
      }
    >
      Sample figures from the demo&apos;s data
    </span>
  );
}

/**
 * Our track record (issue 27 item 3, decision 039): per category, the median final offer as a
 * share of the preliminary quote's midpoint and the share of offers that met the guaranteed floor,
 * over 90 days, with the definitions beside them. Says nothing until the figures have loaded.
 */
export function TrackRecordBlock() {
  const { data: record } = useTrackRecord();
  if (!record) return null;
  return (
    <section
      aria-labelledby="track-record-heading"
      className="rounded-xl border border-border bg-card p-5 sm:p-6"
      data-testid="track-record"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span aria-hidden="true" className="rounded-lg bg-navy-50 p-2 text-navy-700 [&_svg]:size-5">
          <History />
        </span>
        <h3 id="track-record-heading" className="text-lg font-semibold text-navy-900 sm:text-xl">
          Our track record (last {record.windowDays} days)
        </h3>
        <SampleLabel record={record} />
      </div>
      <ul className="mt-4 grid gap-3 md:grid-cols-3" aria-label="Track record per category">
        {record.categories.map((category) => (
          <li
            key={category.category}
            className="rounded-lg border border-border bg-background p-4"
            data-testid="track-record-category"
          >
            <h4 className="font-semibold text-navy-900">{submissionCategoryLabel(category.category, 'short')}</h4>
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm md:grid-cols-1 lg:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Final offer vs. quote (median)</dt>
                <dd className="mt-1">
                  <FigureText figure={category.medianShareOfQuote} minCount={record.minCount} what="offers" />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Offers at or above the floor</dt>
                <dd className="mt-1">
                  <FigureText figure={category.shareAtOrAboveFloor} minCount={record.minCount} what="offers with a floor" />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs leading-relaxed text-muted-foreground" data-testid="track-record-definitions">
        The median compares each final offer with the midpoint of its preliminary quote (halfway between the quote&apos;s low and
        high end, the estimate our free-return promise uses): 100% means the offer matched it. A final offer is the last offer a
        seller received that was accepted, declined or expired, made in the last {record.windowDays} days. The floor share counts
        only quotes that carried a guaranteed floor. We publish a figure once a category has at least {record.minCount} offers.
        Computed from our records and updated every 10 minutes.
      </p>
    </section>
  );
}

/**
 * Beside the calculator's estimate: the record of the categories the chosen metal or gem is sent
 * under, in one line each. Nothing when the figures have not loaded.
 */
export function TrackRecordNote({ categories }: { categories: readonly SubmissionCategory[] }) {
  const { data: record } = useTrackRecord();
  if (!record) return null;
  const shown = record.categories.filter((c) => categories.includes(c.category));
  return (
    <div className="rounded-lg border border-white/15 px-4 py-3 text-sm text-navy-100" data-testid="quote-track-record">
      <p className="flex flex-wrap items-center gap-2 font-semibold text-white">
        Our track record, last {record.windowDays} days <SampleLabel record={record} tone="dark" />
      </p>
      <ul className="mt-1 space-y-1">
        {shown.map((c) => (
          <li key={c.category}>
            {submissionCategoryLabel(c.category, 'short')}:{' '}
            {c.medianShareOfQuote.kind === 'figure' ? (
              <>
                final offers came to a median{' '}
                <span className="font-semibold tabular-nums text-white">
                  {formatBasisPoints(c.medianShareOfQuote.basisPoints)}
                </span>{' '}
                of the quote&apos;s midpoint ({offers(c.medianShareOfQuote.count)})
              </>
            ) : (
              <>
                not enough data yet ({offers(c.medianShareOfQuote.count)}; we publish from {record.minCount})
              </>
            )}
            .
          </li>
        ))}
      </ul>
    </div>
  );
}
